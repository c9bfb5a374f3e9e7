import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ErrorBody, ErrorCode } from '../../contract/errors';
import type { Refusal, RefusalKind } from '../services/refusal';

/**
 * The one table from the domain's refusals to HTTP (issue 23): each code's usual status, and the
 * status of each kind a refusal may name where one code covers several cases.
 */
export const statusOfCode: Record<ErrorCode, ContentfulStatusCode> = {
  [ErrorCode.validation]: 400,
  [ErrorCode.malformedJson]: 400,
  [ErrorCode.payloadTooLarge]: 413,
  [ErrorCode.unsupportedMediaType]: 415,
  [ErrorCode.unauthorized]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.crossOrigin]: 403,
  [ErrorCode.invalidCredentials]: 401,
  [ErrorCode.rateLimited]: 429,
  [ErrorCode.notFound]: 404,
  [ErrorCode.emailTaken]: 409,
  [ErrorCode.invalidCode]: 400,
  [ErrorCode.codeExpired]: 400,
  [ErrorCode.invalidResetToken]: 400,
  [ErrorCode.currentPasswordIncorrect]: 403,
  [ErrorCode.botCheckFailed]: 400,
  [ErrorCode.passwordTooCommon]: 400,
  [ErrorCode.subscriptionRefused]: 400,
  [ErrorCode.subscriptionConflict]: 409,
  [ErrorCode.couponRefused]: 400,
  [ErrorCode.invalidSignature]: 401,
  [ErrorCode.staleEvent]: 401,
  [ErrorCode.eventReplayed]: 409,
  [ErrorCode.teamRefused]: 400,
  [ErrorCode.teamConflict]: 409,
  [ErrorCode.teamMemberConflict]: 409,
  [ErrorCode.invitationRefused]: 400,
  [ErrorCode.codeUsed]: 409,
  [ErrorCode.deviceLimitReached]: 409,
  [ErrorCode.deviceRefused]: 400,
  [ErrorCode.phoneTaken]: 409,
  [ErrorCode.signInRefused]: 400,
  [ErrorCode.numberMismatch]: 409,
  [ErrorCode.providerUnavailable]: 503,
  [ErrorCode.unknownDomain]: 404,
  [ErrorCode.emailNotVerified]: 409,
  [ErrorCode.linkExpired]: 400,
  [ErrorCode.lastWayIn]: 409,
  [ErrorCode.secondFactorExpired]: 400,
  [ErrorCode.secondFactorConflict]: 409,
  [ErrorCode.recentSignInRequired]: 403,
  [ErrorCode.passkeyRefused]: 400,
  [ErrorCode.secondFactorSetupRequired]: 403,
  [ErrorCode.ingestionOff]: 503,
  [ErrorCode.batchIdReused]: 409,
  [ErrorCode.serviceBusy]: 503,
  [ErrorCode.internal]: 500,
};

const statusOfKind: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  unavailable: 503,
};

export function statusOf(refusal: Refusal): ContentfulStatusCode {
  return refusal.kind ? statusOfKind[refusal.kind] : statusOfCode[refusal.code];
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: code, message };
}

/** A refusal as its answer: `{ error, message }` (and its details), its status, and Retry-After when it says. */
export function refusalResponse(c: Context, refusal: Refusal): Response {
  if (refusal.retryAfterSeconds !== undefined) c.header('Retry-After', String(refusal.retryAfterSeconds));
  return c.json({ ...errorBody(refusal.code, refusal.message), ...refusal.details }, statusOf(refusal));
}

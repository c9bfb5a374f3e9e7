import { AccountCreationMessage } from '../../contract/account-creation';
import { ErrorCode } from '../../contract/errors';

/**
 * How a refusal differs from the usual one of its code, where one code covers several cases: the
 * thing asked for is not there, is gone, or conflicts with what is. Words of the domain; one table
 * in server/http/refusals.ts turns them into HTTP statuses.
 */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'gone'
  | 'unprocessable'
  | 'unavailable';

export type RefusalOptions = {
  /** Where the code's usual kind does not fit (a coupon that does not exist, an expired device code). */
  kind?: RefusalKind;
  /** How long before trying again is worth it (rate limits, a busy service). */
  retryAfterSeconds?: number;
  /** More of the answer beside `error` and `message` (a team member's `isPaid`). */
  details?: Record<string, unknown>;
};

/**
 * The one way a service says no (issue 23): a stable code from the contract and a message for the
 * person. Services throw it; they know nothing of HTTP.
 */
export class Refusal extends Error {
  readonly kind: RefusalKind | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    { kind, retryAfterSeconds, details }: RefusalOptions = {},
  ) {
    super(message);
    this.name = 'Refusal';
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
    this.details = details;
  }
}

/** The refusals many places give, worded once. */
export const commonRefusals = {
  unauthorized: () => new Refusal(ErrorCode.unauthorized, 'You need to sign in.'),
  notFound: () => new Refusal(ErrorCode.notFound, 'Not found.'),
  malformedJson: () => new Refusal(ErrorCode.malformedJson, 'The request body is not valid JSON.'),
  unsupportedMediaType: () => new Refusal(ErrorCode.unsupportedMediaType, 'Send the request body as application/json.'),
  payloadTooLarge: () => new Refusal(ErrorCode.payloadTooLarge, 'The request body is too large.'),
  crossOrigin: () => new Refusal(ErrorCode.crossOrigin, 'This request must come from the portal itself.'),
  validation: (message: string) => new Refusal(ErrorCode.validation, message),
  /** PostgreSQL stores no U+0000 in text: refused up front rather than failing in a query. */
  nulCharacter: () => new Refusal(ErrorCode.validation, 'Text may not contain the NUL character (U+0000).'),
  passwordTooCommon: () => new Refusal(ErrorCode.passwordTooCommon, AccountCreationMessage.passwordTooCommon),
  rateLimited: (retryAfterSeconds: number) =>
    new Refusal(ErrorCode.rateLimited, 'Too many attempts. Please wait a few minutes and try again.', {
      retryAfterSeconds,
    }),
  serviceBusy: () =>
    new Refusal(ErrorCode.serviceBusy, 'The service is busy. Please try again in a moment.', { retryAfterSeconds: 1 }),
};

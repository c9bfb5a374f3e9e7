import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AccountCreationMessage } from '../../contract/account-creation';
import { type ErrorBody, ErrorCode } from '../../contract/errors';

/** A refusal the client is meant to read: the status, a stable code and a human message. */
export class ApiFailure extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message });
  }
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: code, message };
}

export function failureResponse(c: Context, failure: ApiFailure): Response {
  for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
  return c.json(errorBody(failure.code, failure.message), failure.status);
}

export const failures = {
  unauthorized: () => new ApiFailure(401, ErrorCode.unauthorized, 'You need to sign in.'),
  notFound: () => new ApiFailure(404, ErrorCode.notFound, 'Not found.'),
  malformedJson: () => new ApiFailure(400, ErrorCode.malformedJson, 'The request body is not valid JSON.'),
  unsupportedMediaType: () =>
    new ApiFailure(415, ErrorCode.unsupportedMediaType, 'Send the request body as application/json.'),
  payloadTooLarge: () => new ApiFailure(413, ErrorCode.payloadTooLarge, 'The request body is too large.'),
  crossOrigin: () => new ApiFailure(403, ErrorCode.crossOrigin, 'This request must come from the portal itself.'),
  validation: (message: string) => new ApiFailure(400, ErrorCode.validation, message),
  /** PostgreSQL stores no U+0000 in text: refused up front rather than failing in a query. */
  nulCharacter: () => new ApiFailure(400, ErrorCode.validation, 'Text may not contain the NUL character (U+0000).'),
  passwordTooCommon: () => new ApiFailure(400, ErrorCode.passwordTooCommon, AccountCreationMessage.passwordTooCommon),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiFailure(429, ErrorCode.rateLimited, 'Too many attempts. Please wait a few minutes and try again.', {
      'Retry-After': String(retryAfterSeconds),
    }),
  serviceBusy: () =>
    new ApiFailure(503, ErrorCode.serviceBusy, 'The service is busy. Please try again in a moment.', {
      'Retry-After': '1',
    }),
};

import type { ErrorCode } from '../../contract/errors';
import { type BrowserRefusal, RefusalError, refusal } from '../../machines/support/refusal';

/** What an app's actor throws when the server (or the browser's dialog) refused with this code and message. */
export const refused = (
  code: ErrorCode | (typeof BrowserRefusal)[keyof typeof BrowserRefusal],
  message: string | null,
  options?: Parameters<typeof refusal>[2],
) => new RefusalError(refusal(code, message, options));

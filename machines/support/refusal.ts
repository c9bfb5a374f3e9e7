/**
 * Why a call did not do what was asked, as every machine keeps it: the server's code and message
 * (its `{ error, message }`), how long it asked to wait (Retry-After), and what more it said (a
 * team member's `isPaid`). A failure nobody explained (network down, a 5xx, an unreadable answer)
 * has neither code nor message. Views turn it into a translated text (src/lib/contract-messages.ts).
 */
export type Refusal = {
  readonly code: string | null;
  readonly message: string | null;
  readonly retryAfterSeconds: number | null;
  readonly details?: Readonly<Record<string, unknown>>;
};

/**
 * The refusals of the browser's own passkey dialog, which the app reports as the server's: the
 * same type, with codes of their own beside the contract's (contract/errors.ts).
 */
export const BrowserRefusal = {
  /** The person closed the dialog, or it timed out: no failure to shout about. */
  passkeyCancelled: 'browser_passkey_cancelled',
  /** This device already holds a passkey of the account. */
  passkeyAlreadyRegistered: 'browser_passkey_already_registered',
  /** No WebAuthn, a broken authenticator: the browser could not use a passkey. */
  passkeyFailed: 'browser_passkey_failed',
} as const;

/** A failure without an explanation: the views word it as "please try again". */
export const unexplained: Refusal = { code: null, message: null, retryAfterSeconds: null };

/** A refusal with its code and message: the server's, or a machine's own check that says the same. */
export function refusal(
  code: string | null,
  message: string | null,
  { retryAfterSeconds = null, details }: { retryAfterSeconds?: number | null; details?: Refusal['details'] } = {},
): Refusal {
  return details ? { code, message, retryAfterSeconds, details } : { code, message, retryAfterSeconds };
}

/** What the app's actors throw, so that the machine that invoked them gets the refusal. */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message ?? refusal.code ?? 'unexplained failure');
    this.name = 'RefusalError';
  }
}

/** The refusal an actor's error carries; anything else (network, a bug) is unexplained. */
export const refusalOf = (error: unknown): Refusal => (error instanceof RefusalError ? error.refusal : unexplained);

/** The refusal of an `xstate.error.actor.*` event. */
export const refusalOfEvent = (event: object): Refusal => refusalOf('error' in event ? event.error : null);

/** Whether the server explained the refusal (a code or a message), as opposed to a failure nobody explained. */
export const isExplained = (refusal: Refusal): boolean => refusal.code !== null || refusal.message !== null;

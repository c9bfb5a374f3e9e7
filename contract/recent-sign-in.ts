import * as v from 'valibot';
import { AuthenticationResponse } from './passkeys';
import { AuthenticatorCode, RecoveryCode } from './second-factor';

/**
 * Recent sign-in (issue 22): adding or removing a way to sign in, unlinking a provider and creating
 * an API key need a sign-in within the last recentSignInSeconds. Otherwise the call answers 403
 * `recent_sign_in_required` with the methods that can prove it, the portal asks in place, and the
 * call is made again. docs/decisions/0014-passkeys-and-recent-sign-in.md.
 */

export const recentSignInSeconds = 10 * 60;

export const RecentSignInMessage = {
  required: 'For your security, confirm it is you before making this change.',
  passwordIncorrect: 'That password is not right.',
} as const;

/**
 * How a session's person can prove it is them: the account's password (only where no authenticator
 * app is on: with one on, the password is no proof of the second step), a passkey, a code of the
 * app, or a recovery code.
 */
export const RecentSignInMethod = v.picklist(['password', 'passkey', 'authenticatorApp', 'recoveryCode']);
export type RecentSignInMethod = v.InferOutput<typeof RecentSignInMethod>;

/** The 403's body: `{ error: 'recent_sign_in_required', message, methods }`. No method: sign in again. */
export const RecentSignInRequired = v.object({
  error: v.literal('recent_sign_in_required'),
  message: v.string(),
  methods: v.array(RecentSignInMethod),
});
export type RecentSignInRequired = v.InferOutput<typeof RecentSignInRequired>;

/** POST /api/account/recent-sign-in */
export const RecentSignInRequest = v.variant('method', [
  v.object({ method: v.literal('password'), password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) }),
  v.object({ method: v.literal('passkey'), response: AuthenticationResponse }),
  v.object({ method: v.literal('authenticatorApp'), code: AuthenticatorCode }),
  v.object({ method: v.literal('recoveryCode'), code: RecoveryCode }),
]);
export type RecentSignInRequest = v.InferOutput<typeof RecentSignInRequest>;

/** Its answer: until when the session counts as recently signed in (ISO). */
export const RecentSignInConfirmed = v.object({ recentUntil: v.string() });
export type RecentSignInConfirmed = v.InferOutput<typeof RecentSignInConfirmed>;

import * as v from 'valibot';
import { SessionClaims } from './auth';
import type { RateLimit } from './http';
import { AuthenticationResponse } from './passkeys';

/**
 * Two-step sign-in (issue 22): an authenticator app (TOTP, RFC 6238: 6 digits, 30 seconds) and
 * recovery codes. With one on, a password or provider sign-in answers `secondFactorRequired` and
 * no session exists until the second step is answered with POST /api/auth/second-factor.
 * docs/decisions/0013-two-step-sign-in.md.
 */

import { SecondFactorMessage } from './second-factor-messages';

export { SecondFactorMessage };

/** How long a sign-in waits for its second step, and a started app setup for its first code. */
export const secondFactorChallengeSeconds = 5 * 60;
export const authenticatorSetupSeconds = 15 * 60;
/** How many recovery codes a new set has. */
export const recoveryCodeCount = 10;

/**
 * Wrong codes are limited as wrong passwords are (contract/auth.ts signInLimits): per account and per
 * client address, a try taken before the comparison and given back when the code was right.
 */
export const secondFactorLimits = {
  perAccount: { name: 'second-factor-failures:account', limit: 5, windowSeconds: 15 * 60, per: 'account' },
  perAddress: { name: 'second-factor-failures:address', limit: 30, windowSeconds: 15 * 60, per: 'client address' },
} as const satisfies Record<string, RateLimit>;

/** Six digits; spaces (as apps group them) are dropped. */
export const AuthenticatorCode = v.pipe(
  v.string(),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.regex(/^\d{6}$/, SecondFactorMessage.codeRequired),
);

/**
 * A recovery code: 128 random bits as 26 characters of Crockford's base32, shown in groups; typed
 * in any case, with or without its dashes and spaces, and O, I and L read as 0, 1 and 1 as
 * Crockford's alphabet does.
 */
export const RecoveryCode = v.pipe(
  v.string(),
  v.maxLength(64, SecondFactorMessage.recoveryCodeRequired),
  v.transform((code) =>
    code
      .replace(/[\s-]+/g, '')
      .toUpperCase()
      .replace(/O/g, '0')
      .replace(/[IL]/g, '1'),
  ),
  v.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, SecondFactorMessage.recoveryCodeInvalid),
);

/** A second step's answer, or the code that proves the app is at hand for a change of the setup. */
export const SecondFactorAnswer = v.variant('method', [
  v.object({ method: v.literal('authenticatorApp'), code: AuthenticatorCode }),
  v.object({ method: v.literal('recoveryCode'), code: RecoveryCode }),
  v.object({ method: v.literal('passkey'), response: AuthenticationResponse }),
]);
export type SecondFactorAnswer = v.InferOutput<typeof SecondFactorAnswer>;

/** POST /api/auth/second-factor: the session, and where a provider's sign-in was started to lead. */
export const SecondFactorSignedIn = v.object({
  outcome: v.literal('signedIn'),
  user: SessionClaims,
  /** A provider sign-in's redirect (a portal path or an order-site address); null for a password sign-in. */
  redirect: v.nullable(v.string()),
  /** A provider sign-in that created the account (the phone offer is made only then). */
  accountCreated: v.boolean(),
});
export type SecondFactorSignedIn = v.InferOutput<typeof SecondFactorSignedIn>;

/** GET /api/account/second-factor: the account's two-step sign-in, for "Sign-in and security". */
export const SecondFactorStatus = v.object({
  authenticatorApp: v.object({
    enabled: v.boolean(),
    /** ISO time the app was turned on; null when off. */
    enabledAt: v.nullable(v.string()),
  }),
  recoveryCodes: v.object({
    /** Unused codes of the current set; 0 when there is none. */
    remaining: v.number(),
    /** ISO time the current set was made; null when there is none. */
    createdAt: v.nullable(v.string()),
  }),
  /** The team whose owner requires two-step sign-in of its members, while the app is off; else null. */
  requiredByTeam: v.nullable(v.string()),
});
export type SecondFactorStatus = v.InferOutput<typeof SecondFactorStatus>;

/** POST /api/account/authenticator-app: a new key to add to the app; on only once confirmed. */
export const AuthenticatorSetup = v.object({
  /** The key in base32, for typing by hand. */
  secret: v.string(),
  /** The otpauth:// address the QR code shows. */
  otpauthUri: v.string(),
});
export type AuthenticatorSetup = v.InferOutput<typeof AuthenticatorSetup>;

/** POST /api/account/authenticator-app/confirm: the app's first code turns it on. */
export const ConfirmAuthenticatorRequest = v.object({ code: AuthenticatorCode });
export type ConfirmAuthenticatorRequest = v.InferInput<typeof ConfirmAuthenticatorRequest>;

/** The answer of a confirmation and of POST /api/account/recovery-codes: a new set, shown once. */
export const RecoveryCodesIssued = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodesIssued = v.InferOutput<typeof RecoveryCodesIssued>;

/**
 * DELETE /api/account/authenticator-app and POST /api/account/recovery-codes: a code from the app
 * or a recovery code, so a session someone else took cannot turn the second step off or read new codes.
 */
export const SecondFactorProofRequest = v.object({ proof: SecondFactorAnswer });
export type SecondFactorProofRequest = v.InferOutput<typeof SecondFactorProofRequest>;

import * as v from 'valibot';
import { Email } from './auth';
import type { RateLimit } from './http';

/** The spec's messages (docs/spec.md §5 and §8), used as keys the client translates. */
export const AccountCreationMessage = {
  emailTaken: 'An account with this E-Mail already exists with us',
  invalidCode: 'Invalid code, please try again.',
  codeExpired: 'This code no longer works. Please ask for a new one.',
  passwordTooShort: 'Please use at least 8 characters.',
  passwordTooLong: 'Please use at most 128 characters.',
  passwordTooCommon: 'This password is one of the most common ones. Please choose another.',
  passwordRequired: 'Password is required',
  emailsDiffer: "The E-Mail addresses don't match",
  passwordsDiffer: "Password doesn't match",
} as const;

const minimumPasswordLength = 8;
export const verificationCodeLifetimeSeconds = 5 * 60;
export const verificationCodeMaxAttempts = 5;
/** A new code can be asked for this long after the last one (the server's per-address cooldown). */
export const resendCooldownSeconds = 30;

/**
 * Codes by e-mail cost us a send and the recipient an interruption: one per address every 30
 * seconds, ten an hour, and forty an hour from one client. Code checks are limited per client; each
 * code also dies after five wrong tries.
 */
export const accountCreationLimits = {
  codeCooldown: {
    name: 'account-creation:cooldown',
    limit: 1,
    windowSeconds: resendCooldownSeconds,
    per: 'e-mail address',
  },
  codesPerAddress: { name: 'account-creation:codes', limit: 10, windowSeconds: 3600, per: 'e-mail address' },
  codesPerClient: { name: 'account-creation:client', limit: 40, windowSeconds: 3600, per: 'client address' },
  checksPerClient: { name: 'account-creation:checks', limit: 30, windowSeconds: 15 * 60, per: 'client address' },
} as const satisfies Record<string, RateLimit>;

export const VerificationCode = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, AccountCreationMessage.invalidCode));

export const NewPassword = v.pipe(
  v.string(),
  v.minLength(1, AccountCreationMessage.passwordRequired),
  v.minLength(minimumPasswordLength, AccountCreationMessage.passwordTooShort),
  v.maxLength(128, AccountCreationMessage.passwordTooLong),
);

/** The bot-check answer (contract/bot-check.ts), under the spec's name whatever the provider. */
const BotCheckAnswer = v.optional(v.string());

/** POST /api/account/create-pending-account */
export const CreatePendingAccountRequest = v.object({
  email: Email,
  'g-recaptcha-response': BotCheckAnswer,
});

/** POST /api/account/resend-email-verification-code: a new code costs a bot-check answer too. */
export const ResendVerificationCodeRequest = v.object({
  email: Email,
  'g-recaptcha-response': BotCheckAnswer,
});

/** GET /api/account/validate-account-creation-request?email=…&verificationCode=… */
export const ValidateAccountCreationQuery = v.object({ email: Email, verificationCode: VerificationCode });

/** POST /api/account/finalize-account-creation-request */
export const FinalizeAccountCreationRequest = v.object({
  email: Email,
  verificationCode: VerificationCode,
  password: NewPassword,
});

/** The answer of the pending-account and resend calls: when the new code stops working. */
export const VerificationCodeIssued = v.object({ success: v.literal(true), expiresAt: v.string() });

/** The answer of a code's check and of the account's creation. */
export const AccountCreationDone = v.object({ success: v.literal(true) });

export type NewPasswordErrors = Partial<Record<'password' | 'repeatPassword', string>>;

/** A new password and its repetition, as message keys: the rules above, then the spec's "must match". */
export function newPasswordErrorsOf(password: string, repeatPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const result = v.safeParse(NewPassword, password);
  if (!result.success) errors.password = result.issues[0].message;
  if (repeatPassword !== password) errors.repeatPassword = AccountCreationMessage.passwordsDiffer;
  return errors;
}

import * as v from 'valibot';
import { NewPassword } from './account-creation';
import { Email } from './auth';
import { ProviderId } from './federated-sign-in';
import type { RateLimit } from './http';

export const PasswordMessage = {
  resetRequested:
    'If this address is on record, a link to reset your password is on its way and should arrive within minutes.',
  invalidResetLink: 'Password reset link is invalid. Please request a new one.',
  resetFailed: 'Unable to reset password.',
  currentPasswordIncorrect: 'Current password is incorrect. Not changing password.',
} as const;

export const resetTokenLifetimeSeconds = 60 * 60;

/** A reset mail per address at most three times an hour (unknown addresses too: it tells nothing), and twenty requests an hour per client. */
export const passwordResetLimits = {
  resetMailsPerAddress: { name: 'password-reset:address', limit: 3, windowSeconds: 3600, per: 'e-mail address' },
  resetRequestsPerClient: { name: 'password-reset:client', limit: 20, windowSeconds: 3600, per: 'client address' },
} as const satisfies Record<string, RateLimit>;

/** POST /api/password/forgot: always the same answer, whether or not the address is on record. */
export const ForgotPasswordRequest = v.object({ email: Email });
export const ForgotPasswordResponse = v.object({ success: v.literal(true), message: v.string() });
export type ForgotPasswordResponse = v.InferOutput<typeof ForgotPasswordResponse>;

/**
 * GET /api/password/reset/{token}: whether the link works, and the providers whose sign-ins are
 * linked to its account (the page offers to unlink them: issue 21); none when it does not work.
 */
export const ResetTokenStatus = v.object({ valid: v.boolean(), linkedProviders: v.array(ProviderId) });
export type ResetTokenStatus = v.InferOutput<typeof ResetTokenStatus>;

const ResetToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, PasswordMessage.invalidResetLink));

/** POST /api/password/reset */
export const ResetPasswordRequest = v.object({
  token: ResetToken,
  password: NewPassword,
  /** Also remove every provider sign-in linked to the account. */
  unlinkSignIns: v.optional(v.boolean()),
});
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordRequest>;

/** PUT /api/password */
export const ChangePasswordRequest = v.object({
  currentPassword: v.pipe(v.string(), v.minLength(1, 'Password is required'), v.maxLength(1024)),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequest>;

/** The answer of a reset or a change: done. */
export const PasswordDone = v.object({ success: v.literal(true) });

import { signInLimits } from '../auth';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  PasswordDone,
  passwordResetLimits,
  ResetPasswordRequest,
  ResetTokenStatus,
} from '../password';

export const forgotPassword = declareCall({
  method: 'POST',
  path: '/api/password/forgot',
  summary: 'Mail a link to reset the password',
  description:
    'Always the same answer, after the same work, whether or not the address has an account: the request is queued and looked up apart from the answer.',
  tag: 'Password',
  access: 'visitor',
  body: ForgotPasswordRequest,
  answers: { 202: ForgotPasswordResponse },
  rateLimits: [passwordResetLimits.resetRequestsPerClient, passwordResetLimits.resetMailsPerAddress],
});

export const resetLinkStatus = declareCall({
  method: 'GET',
  path: '/api/password/reset/{token}',
  summary: 'Whether a reset link still works, and the provider sign-ins linked to its account',
  tag: 'Password',
  access: 'visitor',
  answers: { 200: ResetTokenStatus },
});

export const resetPassword = declareCall({
  method: 'POST',
  path: '/api/password/reset',
  summary: 'Set a new password with a mailed reset link',
  tag: 'Password',
  access: 'visitor',
  body: ResetPasswordRequest,
  answers: { 200: PasswordDone },
  refusals: [ErrorCode.invalidResetToken, ErrorCode.passwordTooCommon, ErrorCode.serviceBusy],
});

export const changePassword = declareCall({
  method: 'PUT',
  path: '/api/password',
  summary: "Change the signed-in person's password",
  description: 'A wrong current password counts as a failed sign-in. Every other session of the account is signed out.',
  tag: 'Password',
  access: 'session',
  body: ChangePasswordRequest,
  answers: { 200: PasswordDone },
  refusals: [
    ErrorCode.currentPasswordIncorrect,
    ErrorCode.passwordTooCommon,
    ErrorCode.rateLimited,
    ErrorCode.serviceBusy,
  ],
  rateLimits: [signInLimits.perAccount],
});

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AccountCreationMessage } from '../../../contract/account-creation';
import type { ResetPasswordFailure } from '../../../machines/resetPassword/resetPassword.machine';

/** The keys of a new password's validation (the contract's), translated. */
export const newPasswordErrorMessages: Record<string, MessageDescriptor> = {
  [AccountCreationMessage.passwordRequired]: msg`Password is required`,
  [AccountCreationMessage.passwordTooShort]: msg`Please use at least 8 characters.`,
  'Please use at most 128 characters.': msg`Please use at most 128 characters.`,
  [AccountCreationMessage.passwordsDiffer]: msg`Password doesn't match`,
};

export const failureMessages: Record<ResetPasswordFailure, MessageDescriptor> = {
  invalidLink: msg`Password reset link is invalid. Please request a new one.`,
  unavailable: msg`Unable to reset password.`,
};

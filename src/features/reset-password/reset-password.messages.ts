import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ResetPasswordFailure } from '../../../machines/resetPassword/resetPassword.machine';

export const failureMessages: Record<ResetPasswordFailure, MessageDescriptor> = {
  invalidLink: msg`Password reset link is invalid. Please request a new one.`,
  unavailable: msg`Unable to reset password.`,
};

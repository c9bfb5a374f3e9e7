import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ResetPasswordFailure } from '../../../machines/resetPassword/resetPassword.machine';
import { passwordTooCommonMessage } from '../../lib/validation-messages';

export const failureMessages: Record<ResetPasswordFailure, MessageDescriptor> = {
  invalidLink: msg`Password reset link is invalid. Please request a new one.`,
  passwordTooCommon: passwordTooCommonMessage,
  unavailable: msg`Unable to reset password.`,
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ChangePasswordFailure } from '../../../machines/changePassword/changePassword.machine';
import { passwordTooCommonMessage } from '../../lib/validation-messages';

export const failureMessages: Record<ChangePasswordFailure, MessageDescriptor> = {
  currentPasswordIncorrect: msg`Current password is incorrect. Not changing password.`,
  rateLimited: msg`Too many attempts. Please wait a few minutes and try again.`,
  passwordTooCommon: passwordTooCommonMessage,
  unavailable: msg`We could not change your password right now. Please try again later.`,
};

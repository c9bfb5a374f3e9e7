import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ResetPasswordFailure } from '../../../machines/resetPassword/resetPassword.machine';
import { passwordTooCommonMessage } from '../../lib/validation-messages';

export const failureMessages: Record<ResetPasswordFailure, MessageDescriptor> = {
  invalidLink: msg`Password reset link is invalid. Please request a new one.`,
  passwordTooCommon: passwordTooCommonMessage,
  unavailable: msg`Unable to reset password.`,
};

/** The second sentence of "Password Changed" when the reset also removed the linked sign-ins (issue 21). */
export function signInsRemovedMessage(count: number): MessageDescriptor {
  return msg`${plural(count, {
    one: 'The sign-in linked to your account was removed.',
    other: 'The sign-ins linked to your account were removed.',
  })}`;
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ForgotPasswordFailure } from '../../../machines/forgotPassword/forgotPassword.machine';

export const failureMessages: Record<ForgotPasswordFailure, MessageDescriptor> = {
  unavailable: msg`We could not send the reset link right now. Please try again later or contact support.`,
};

/** The same answer whether or not the address is on record (PasswordMessage.resetRequested). */
export const resetRequestedMessage = msg`If this address is on record, a link to reset your password is on its way and should arrive within minutes.`;

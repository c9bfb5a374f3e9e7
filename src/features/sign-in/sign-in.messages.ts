import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AuthMessage } from '../../../contract/auth';
import type { SignInFailure } from '../../../machines/signIn/signIn.machine';

/** The contract's validation keys, translated. */
export const fieldErrorMessages: Record<string, MessageDescriptor> = {
  [AuthMessage.emailInvalid]: msg`The E-Mail address provided is invalid`,
  [AuthMessage.passwordRequired]: msg`Password is required`,
};

export const failureMessages: Record<SignInFailure, MessageDescriptor> = {
  invalidCredentials: msg`The e-mail address or password is incorrect.`,
  rateLimited: msg`Too many attempts. Please wait a few minutes and try again.`,
  unavailable: msg`We could not sign you in right now. Please try again later.`,
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SignInFailure } from '../../../machines/signIn/signIn.machine';

export const failureMessages: Record<SignInFailure, MessageDescriptor> = {
  invalidCredentials: msg`The e-mail address or password is incorrect.`,
  rateLimited: msg`Too many attempts. Please wait a few minutes and try again.`,
  unavailable: msg`We could not sign you in right now. Please try again later.`,
};

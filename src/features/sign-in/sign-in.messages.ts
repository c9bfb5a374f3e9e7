import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PasskeySignInFailure, SignInFailure } from '../../../machines/signIn/signIn.machine';

export const failureMessages: Record<SignInFailure, MessageDescriptor> = {
  invalidCredentials: msg`The e-mail address or password is incorrect.`,
  rateLimited: msg`Too many attempts. Please wait a few minutes and try again.`,
  unavailable: msg`We could not sign you in right now. Please try again later.`,
};

/** Why a passkey did not sign in (the contract's PasskeyMessage where the server says the same). */
export const passkeyFailureMessages: Record<PasskeySignInFailure, MessageDescriptor> = {
  notRecognised: msg`This passkey was not recognised. Try another, or sign in with your password.`,
  expired: msg`This took too long. Try again.`,
  rateLimited: msg`Too many attempts. Please wait a few minutes and try again.`,
  unavailable: msg`We could not sign you in with a passkey right now. Please try again, or sign in with your password.`,
};

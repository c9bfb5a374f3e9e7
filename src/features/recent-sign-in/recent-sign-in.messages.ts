import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RecentSignInProblem } from '../../../machines/recentSignIn/recentSignIn.machine';

/** The machine's own check of the password field (the other answers' messages are the contract's). */
export const passwordRequiredText = msg`Enter your password.`;

/** Why the dialog could not go on, when the server said nothing of its own (a passkey's refusal has its text). */
export const problemMessages: Record<RecentSignInProblem, MessageDescriptor> = {
  passkeyRefused: msg`This passkey was not recognised. Try another, or sign in with your password.`,
  passkeyFailed: msg`Your browser could not use a passkey. Try again, or confirm another way.`,
  unavailable: msg`We could not check this right now. Please try again.`,
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PasskeyMessage } from '../../../contract/passkeys';
import { RecentSignInMessage } from '../../../contract/recent-sign-in';
import { SecondFactorMessage } from '../../../contract/second-factor';
import { passwordRequired, type RecentSignInProblem } from '../../../machines/recentSignIn/recentSignIn.machine';
import { messageTextOf } from '../../lib/contract-messages';

/** The server's reason for asking (the 403's message), translated; another text is shown as it came. */
export const reasonText = messageTextOf({
  [RecentSignInMessage.required]: msg`For your security, confirm it is you before making this change.`,
});

/**
 * What is wrong with the typed password or code: the machine's check before sending, or the server's
 * refusal (its message), translated. The codes' texts are those of the two-step sign-in.
 */
export const answerErrorText = messageTextOf({
  [passwordRequired]: msg`Enter your password.`,
  [RecentSignInMessage.passwordIncorrect]: msg`That password is not right.`,
  [SecondFactorMessage.codeRequired]: msg`Enter the 6-digit code from your authenticator app.`,
  [SecondFactorMessage.codeInvalid]: msg`That code is not right. Enter the code your authenticator app shows now.`,
  [SecondFactorMessage.recoveryCodeRequired]: msg`Enter one of your recovery codes.`,
  [SecondFactorMessage.recoveryCodeInvalid]: msg`That recovery code is not right, or it was used already.`,
});

/** The server's refusal of a passkey, translated. */
export const passkeyRefusalText = messageTextOf({
  [PasskeyMessage.notRecognised]: msg`This passkey was not recognised. Try another, or sign in with your password.`,
  [PasskeyMessage.expired]: msg`This took too long. Try again.`,
});

/** Why the dialog could not go on, when the server said nothing of its own (a passkey's refusal has its text). */
export const problemMessages: Record<RecentSignInProblem, MessageDescriptor> = {
  passkeyRefused: msg`This passkey was not recognised. Try another, or sign in with your password.`,
  passkeyFailed: msg`Your browser could not use a passkey. Try again, or confirm another way.`,
  unavailable: msg`We could not check this right now. Please try again.`,
};

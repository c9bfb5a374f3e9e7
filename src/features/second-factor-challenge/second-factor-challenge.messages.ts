import { msg } from '@lingui/core/macro';
import { SecondFactorMessage } from '../../../contract/second-factor';
import { messageTextOf } from '../../lib/contract-messages';

/** The contract's messages about a typed code, translated (the machine carries their keys). */
export const secondFactorCodeText = messageTextOf({
  [SecondFactorMessage.codeRequired]: msg`Enter the 6-digit code from your authenticator app.`,
  [SecondFactorMessage.codeInvalid]: msg`That code is not right. Enter the code your authenticator app shows now.`,
  [SecondFactorMessage.recoveryCodeRequired]: msg`Enter one of your recovery codes.`,
  [SecondFactorMessage.recoveryCodeInvalid]: msg`That recovery code is not right, or it was used already.`,
});

export const challengeExpired = msg`This sign-in took too long. Please sign in again.`;

export const challengeUnavailable = msg`We could not check your code right now. Please try again.`;

/** Too many attempts, when the server did not say how long to wait. */
export const rateLimitedWithoutWait = msg`Too many attempts. Please wait a few minutes and try again.`;

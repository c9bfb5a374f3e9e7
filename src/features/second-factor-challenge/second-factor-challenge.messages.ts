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

/** A passkey the server did not recognise (one of another account, or removed meanwhile). */
export const passkeyNotRecognised = msg`This passkey was not recognised. Try another, or enter a code instead.`;

/** The browser's dialog or the portal failed while a passkey was used. */
export const passkeyUnavailable = msg`We could not use a passkey right now. Try again, or enter a code instead.`;

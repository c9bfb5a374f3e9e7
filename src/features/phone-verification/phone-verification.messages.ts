import { msg } from '@lingui/core/macro';
import { PhoneMessage } from '../../../contract/phone';
import { messageTextOf } from '../../lib/contract-messages';

/** The contract's phone messages, translated: the server's refusals and the machine's checks. */
export const phoneMessageText = messageTextOf({
  [PhoneMessage.numberRequired]: msg`Please enter your phone number.`,
  [PhoneMessage.numberInvalid]: msg`This is not a valid phone number for the chosen country.`,
  [PhoneMessage.numberTaken]: msg`This phone number is already verified on another account.`,
  [PhoneMessage.codeInvalid]: msg`Invalid code, please try again.`,
  [PhoneMessage.codeExpired]: msg`This code no longer works. Please ask for a new one.`,
  [PhoneMessage.notVerified]: msg`Please verify this phone number with the code we sent first.`,
  [PhoneMessage.smsUnavailable]: msg`We could not send a text message right now. Please try again later.`,
  [PhoneMessage.numberNotServed]: msg`Verification codes cannot be sent to this number. Use a mobile number from a country where phone verification is offered.`,
});

/** When the server sent no message (network down, a 5xx). */
export const phoneUnavailable = msg`We could not reach the portal. Please check your connection and try again.`;

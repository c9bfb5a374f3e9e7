import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { PhoneMessage } from '../../../contract/phone';
import { addRefusalBook } from '../contract-messages';

/** The phone API's messages (signed-in pages). */
export const phoneRefusals = addRefusalBook({
  [ErrorCode.validation]: {
    [PhoneMessage.numberRequired]: msg`Please enter your phone number.`,
    [PhoneMessage.numberInvalid]: msg`This is not a valid phone number for the chosen country.`,
    [PhoneMessage.numberNotServed]: msg`Verification codes cannot be sent to this number. Use a mobile number from a country where phone verification is offered.`,
  },
  [ErrorCode.invalidCode]: {
    [PhoneMessage.codeInvalid]: msg`Invalid code, please try again.`,
    [PhoneMessage.notVerified]: msg`Please verify this phone number with the code we sent first.`,
  },
  [ErrorCode.codeExpired]: {
    [PhoneMessage.codeExpired]: msg`This code no longer works. Please ask for a new one.`,
  },
  [ErrorCode.phoneTaken]: {
    [PhoneMessage.numberTaken]: msg`This phone number is already verified on another account.`,
  },
  [ErrorCode.internal]: {
    [PhoneMessage.smsUnavailable]: msg`We could not send a text message right now. Please try again later.`,
  },
});

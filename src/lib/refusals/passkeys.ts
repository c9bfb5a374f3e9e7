import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { PasskeyMessage } from '../../../contract/passkeys';
import { addRefusalBook } from '../contract-messages';

/** The passkeys API's messages (the account page's passkeys, "Confirm it's you"). */
export const passkeyRefusals = addRefusalBook({
  [ErrorCode.validation]: {
    [PasskeyMessage.nameInvalid]: msg`Give the passkey a name of at most 64 characters.`,
  },
  [ErrorCode.passkeyRefused]: {
    [PasskeyMessage.notRecognised]: msg`This passkey was not recognised. Try another, or sign in with your password.`,
    [PasskeyMessage.tooMany]: msg`You have 10 passkeys. Remove one to add another.`,
  },
  [ErrorCode.secondFactorExpired]: {
    [PasskeyMessage.expired]: msg`This took too long. Try again.`,
  },
  [ErrorCode.notFound]: {
    [PasskeyMessage.notFound]: msg`This passkey was removed already.`,
  },
});

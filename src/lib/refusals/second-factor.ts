import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { SecondFactorMessage } from '../../../contract/second-factor-messages';
import { addRefusalBook } from '../contract-messages';

/**
 * Two-step sign-in's messages: the second step's page (visitor), and the account page's
 * authenticator app and "Confirm it's you" dialog (security), so both catalogues hold them.
 */
export const secondFactorRefusals = addRefusalBook({
  [ErrorCode.validation]: {
    [SecondFactorMessage.codeRequired]: msg`Enter the 6-digit code from your authenticator app.`,
    [SecondFactorMessage.recoveryCodeRequired]: msg`Enter one of your recovery codes.`,
    [SecondFactorMessage.recoveryCodeInvalid]: msg`That recovery code is not right, or it was used already.`,
  },
  [ErrorCode.invalidCode]: {
    [SecondFactorMessage.codeInvalid]: msg`That code is not right. Enter the code your authenticator app shows now.`,
    [SecondFactorMessage.recoveryCodeInvalid]: msg`That recovery code is not right, or it was used already.`,
  },
  [ErrorCode.secondFactorExpired]: {
    [SecondFactorMessage.challengeExpired]: msg`This sign-in took too long. Please sign in again.`,
    [SecondFactorMessage.setupExpired]: msg`This setup took too long. Start again to get a new key.`,
  },
  [ErrorCode.secondFactorConflict]: {
    [SecondFactorMessage.alreadyOn]: msg`Your authenticator app is already on. Turn it off first to set up another.`,
    [SecondFactorMessage.notOn]: msg`Your authenticator app is not on.`,
  },
});

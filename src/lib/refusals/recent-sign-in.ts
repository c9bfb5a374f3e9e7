import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { RecentSignInMessage } from '../../../contract/recent-sign-in';
import { addRefusalBook } from '../contract-messages';

/** The "Confirm it's you" API's messages; its passkeys' and codes' refusals are in their own books. */
export const recentSignInRefusals = addRefusalBook({
  [ErrorCode.recentSignInRequired]: {
    [RecentSignInMessage.required]: msg`For your security, confirm it is you before making this change.`,
  },
  [ErrorCode.invalidCredentials]: {
    [RecentSignInMessage.passwordIncorrect]: msg`That password is not right.`,
  },
});

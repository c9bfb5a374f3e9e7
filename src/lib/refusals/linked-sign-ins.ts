import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { LinkedSignInMessage } from '../../../contract/linked-sign-ins';
import { addRefusalBook } from '../contract-messages';

/** The linked sign-ins API's messages (the account page's linked sign-ins). */
export const linkedSignInRefusals = addRefusalBook({
  [ErrorCode.notFound]: {
    [LinkedSignInMessage.notLinked]: msg`This sign-in is not linked to your account. It may have been removed already.`,
  },
  [ErrorCode.lastWayIn]: {
    [LinkedSignInMessage.lastWayIn]: msg`This is the only way to sign in to your account, so it cannot be removed. Set a password first (with "Forgot password" on the sign-in page), then remove it.`,
  },
});

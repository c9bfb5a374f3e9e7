import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { SessionMessage } from '../../../contract/sessions';
import { addRefusalBook } from '../contract-messages';

/** The sessions API's messages ("Your sessions" on the account page). */
export const sessionRefusals = addRefusalBook({
  [ErrorCode.notFound]: {
    [SessionMessage.sessionNotFound]: msg`There is no such session on your account. It may have ended already.`,
  },
  [ErrorCode.validation]: {
    [SessionMessage.sessionIdInvalid]: msg`This is not a session id.`,
  },
});

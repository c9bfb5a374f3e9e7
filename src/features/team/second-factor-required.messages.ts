import { msg } from '@lingui/core/macro';
import { SecondFactorMessage } from '../../../contract/second-factor-messages';
import { messageTextOf } from '../../lib/contract-messages';

/**
 * The explanation of the 403 that every team call answers a member whom the team's rule sends to set
 * up two-step sign-in first, translated. Apart from the team's other messages, which load with the
 * team section: the page shows this before (and instead of) that section.
 */
export const setupRequiredText = messageTextOf({
  [SecondFactorMessage.setupRequired]: msg`Your team requires two-step sign-in. Set up an authenticator app to reach its pages.`,
});

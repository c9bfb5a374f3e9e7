import { ErrorCode } from '../../contract/errors';
import { SubscriptionMessage } from '../../contract/subscriptions';
import { refused } from '../support/refusals';

/** Sample events for generating the Black Friday offer machine's paths. */
export const blackFridayOfferCases = {
  'xstate.done.actor.delistOffer': [
    { type: 'xstate.done.actor.delistOffer', output: undefined, actorId: 'delistOffer' },
  ],
  'xstate.error.actor.delistOffer': [
    {
      type: 'xstate.error.actor.delistOffer',
      error: refused(ErrorCode.subscriptionRefused, SubscriptionMessage.blackFridayNotOffered),
      actorId: 'delistOffer',
    },
    { type: 'xstate.error.actor.delistOffer', error: new Error('network down'), actorId: 'delistOffer' },
  ],
} as const;

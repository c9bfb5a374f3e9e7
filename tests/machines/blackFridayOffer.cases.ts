import { SubscriptionMessage } from '../../contract/subscriptions';
import { OfferDelistRefused } from '../../machines/blackFridayOffer/blackFridayOffer.machine';

/** Sample events for generating the Black Friday offer machine's paths. */
export const blackFridayOfferCases = {
  'xstate.done.actor.delistOffer': [
    { type: 'xstate.done.actor.delistOffer', output: undefined, actorId: 'delistOffer' },
  ],
  'xstate.error.actor.delistOffer': [
    {
      type: 'xstate.error.actor.delistOffer',
      error: new OfferDelistRefused(SubscriptionMessage.blackFridayNotOffered),
      actorId: 'delistOffer',
    },
    { type: 'xstate.error.actor.delistOffer', error: new Error('network down'), actorId: 'delistOffer' },
  ],
} as const;

import type { AnyMachineSnapshot } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { SubscriptionMessage } from '../../contract/subscriptions';
import { refused } from '../support/refusals';

/** Sample events for generating the Black Friday offer machine's paths. */
const blackFridayOfferCases = {
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

/** What the blackFridayOffer machine's paths are generated from (the path tests and the flow explorer). */
export const blackFridayOfferModel = {
  cases: blackFridayOfferCases,
  // What the person can tell apart: the state, and whether a refusal came with the server's message.
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, snapshot.matches('failed') ? Boolean(snapshot.context.failure?.message) : null]),
};

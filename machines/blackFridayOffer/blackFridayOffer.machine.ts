import { assign, setup } from 'xstate';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type BlackFridayOfferContext = {
  /** Why the last delisting did not happen; null while none failed. */
  failure: Refusal | null;
};

export type BlackFridayOfferEvent =
  | { type: 'user.delist' }
  | { type: 'user.confirmDelist' }
  | { type: 'user.keepOffer' }
  | { type: 'user.retry' };

/**
 * The owner turns down the Black Friday offer of a subscription. The server cannot list it again,
 * so there is no undo: the owner confirms first.
 */
export const blackFridayOfferMachine = setup({
  types: {
    context: {} as BlackFridayOfferContext,
    events: {} as BlackFridayOfferEvent,
  },
  actors: {
    delistOffer: providedByApp<void, void>('delistOffer'),
  },
  actions: {
    /** Invalidates the account query, so the upgrade page no longer shows the offer. */
    offerDelisted: () => {},
  },
}).createMachine({
  id: 'blackFridayOffer',
  context: { failure: null },
  initial: 'offered',
  states: {
    offered: {
      on: { 'user.delist': 'confirming' },
    },
    /** Asked inline whether to hide the offer for good. */
    confirming: {
      on: { 'user.confirmDelist': 'delisting', 'user.keepOffer': 'offered' },
    },
    delisting: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'delistOffer',
        src: 'delistOffer',
        onDone: { target: 'delisted', actions: 'offerDelisted' },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    /** The server's answer, with a new attempt or the offer kept. */
    failed: {
      tags: ['error'],
      on: { 'user.retry': 'delisting', 'user.keepOffer': 'offered' },
    },
    /** Confirmed to the owner until they leave the page. */
    delisted: { type: 'final' },
  },
});

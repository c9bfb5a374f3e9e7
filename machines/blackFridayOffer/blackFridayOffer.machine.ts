import { assign, fromPromise, setup } from 'xstate';

export type BlackFridayOfferContext = {
  /** The server's `message` for a refused delisting; null when it sent none (network, 5xx). */
  failureMessage: string | null;
};

export type BlackFridayOfferEvent =
  | { type: 'user.delist' }
  | { type: 'user.confirmDelist' }
  | { type: 'user.keepOffer' }
  | { type: 'user.retry' };

/** A delisting the server refused with `{ error, message }`: the message is shown as it is. */
export class OfferDelistRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfferDelistRefused';
  }
}

const failureMessageOf = (error: unknown) => (error instanceof OfferDelistRefused ? error.message : null);

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
    delistOffer: fromPromise<void, void>(async () => {
      throw new Error('delistOffer is provided by the app');
    }),
  },
  actions: {
    /** Invalidates the account query, so the upgrade page no longer shows the offer. */
    offerDelisted: () => {},
  },
}).createMachine({
  id: 'blackFridayOffer',
  context: { failureMessage: null },
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
      entry: assign({ failureMessage: null }),
      invoke: {
        id: 'delistOffer',
        src: 'delistOffer',
        onDone: { target: 'delisted', actions: 'offerDelisted' },
        onError: {
          target: 'failed',
          actions: assign({ failureMessage: ({ event }) => failureMessageOf(event.error) }),
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

import { assertEvent, assign, setup } from 'xstate';
import {
  type CancelReason,
  cancelNoteMaxLength,
  type SeatsPreview,
  type SubscriptionChangeResponse,
  SubscriptionMessage,
  type SubscriptionState,
} from '../../contract/subscriptions';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

/** What the machine needs to know of the subscription (from the account's subscription). */
export type SubscriptionFacts = {
  state: SubscriptionState;
  quantity: number;
  /** Fewer seats asked for, from the next renewal; null when the renewal keeps `quantity`. */
  renewalQuantity: number | null;
  minSeats: number;
  maxSeats: number;
  /** Members plus pending invitations, the owner included; null for plans without a team. */
  seatsInUse: number | null;
  cancelable: boolean;
};

/** The seats the owner last asked for: those from the next renewal when fewer were asked for. */
export const seatsAsked = (subscription: Pick<SubscriptionFacts, 'quantity' | 'renewalQuantity'>) =>
  subscription.renewalQuantity ?? subscription.quantity;

/** The last change that went through, confirmed to the person until they start another. */
type SubscriptionConfirmation = 'canceled' | 'uncanceled' | 'seatsChanged';

export type SubscriptionLifecycleContext = {
  subscription: SubscriptionFacts;
  cancelReason: CancelReason | null;
  cancelNote: string;
  /** The seats as typed. */
  seatsDraft: string;
  /** A contract SubscriptionMessage text; views translate it. */
  seatsError: string | null;
  /** What the seats asked for cost, while the person is asked to confirm them. */
  seatsPreview: SeatsPreview | null;
  /** Why the last change did not happen; null while none failed. */
  failure: Refusal | null;
  confirmation: SubscriptionConfirmation | null;
};

export type SubscriptionLifecycleEvent =
  | { type: 'user.cancel' }
  | { type: 'user.chooseReason'; reason: CancelReason }
  | { type: 'user.changeNote'; value: string }
  | { type: 'user.confirmCancel' }
  | { type: 'user.dismiss' }
  | { type: 'user.uncancel' }
  | { type: 'user.editSeats' }
  | { type: 'user.changeSeats'; value: string }
  | { type: 'user.saveSeats' }
  | { type: 'user.confirmSeats' }
  /** The account was read again (after a change, or by anyone): the facts may have moved on. */
  | { type: 'subscription.refreshed'; subscription: SubscriptionFacts };

export type CancelInput = { reason: CancelReason | null; note: string };

/** The least number of seats: everyone in use, and never none. */
export function seatsFloorOf(subscription: SubscriptionFacts): number {
  return Math.max(1, subscription.seatsInUse ?? 1);
}

/** The seats as typed, checked against the plan's rules: a SubscriptionMessage text, or null. */
export function seatsErrorOf(draft: string, subscription: SubscriptionFacts): string | null {
  if (!/^\d+$/.test(draft.trim())) return SubscriptionMessage.quantityInvalid;
  const quantity = Number(draft.trim());
  if (quantity < 1) return SubscriptionMessage.quantityInvalid;
  if (quantity < seatsFloorOf(subscription)) return SubscriptionMessage.quantityBelowSeatsInUse;
  if (quantity > subscription.maxSeats) return SubscriptionMessage.quantityAboveMaximum;
  return null;
}

const editingCancel = {
  'user.chooseReason': { target: '#subscriptionLifecycle.confirmingCancel', actions: 'chooseReason' },
  'user.changeNote': { target: '#subscriptionLifecycle.confirmingCancel', actions: 'changeNote' },
  'user.confirmCancel': '#subscriptionLifecycle.canceling',
  'user.dismiss': '#subscriptionLifecycle.active',
} as const;

const editingSeats = {
  'user.changeSeats': { target: '#subscriptionLifecycle.changingSeats', actions: 'changeSeats' },
  'user.saveSeats': [
    { guard: 'isSeatsDraftUnchanged', target: '#subscriptionLifecycle.active' },
    { guard: 'isSeatsDraftValid', target: '#subscriptionLifecycle.pricingSeats' },
    { target: '#subscriptionLifecycle.changingSeats', actions: 'showSeatsError' },
  ],
  'user.dismiss': '#subscriptionLifecycle.active',
} as const;

const refreshed = {
  'subscription.refreshed': { target: '#subscriptionLifecycle.settling', actions: 'refreshSubscription' },
} as const;

/**
 * The owner keeps a subscription in shape: cancels it (with an optional reason) and takes that back
 * before the period ends, and changes its seats within the plan's rules.
 */
export const subscriptionLifecycleMachine = setup({
  types: {
    context: {} as SubscriptionLifecycleContext,
    events: {} as SubscriptionLifecycleEvent,
    input: {} as SubscriptionFacts,
  },
  actors: {
    cancelSubscription: providedByApp<SubscriptionChangeResponse, CancelInput>('cancelSubscription'),
    uncancelSubscription: providedByApp<SubscriptionChangeResponse, void>('uncancelSubscription'),
    previewSeats: providedByApp<SeatsPreview, { quantity: number }>('previewSeats'),
    changeSeats: providedByApp<SubscriptionChangeResponse, { quantity: number }>('changeSeats'),
  },
  actions: {
    chooseReason: assign(({ event }) => {
      assertEvent(event, 'user.chooseReason');
      return { cancelReason: event.reason };
    }),
    changeNote: assign(({ event }) => {
      assertEvent(event, 'user.changeNote');
      return { cancelNote: event.value.slice(0, cancelNoteMaxLength) };
    }),
    startSeats: assign(({ context }) => ({ seatsDraft: String(seatsAsked(context.subscription)), seatsError: null })),
    changeSeats: assign(({ event }) => {
      assertEvent(event, 'user.changeSeats');
      return { seatsDraft: event.value, seatsError: null };
    }),
    showSeatsError: assign({
      seatsError: ({ context }) => seatsErrorOf(context.seatsDraft, context.subscription),
    }),
    refreshSubscription: assign(({ event }) => {
      assertEvent(event, 'subscription.refreshed');
      return { subscription: event.subscription };
    }),
    applyChange: assign(({ context }, change: SubscriptionChangeResponse) => ({
      subscription: {
        ...context.subscription,
        state: change.state,
        quantity: change.quantity,
        renewalQuantity: change.renewalQuantity,
      },
    })),
    forgetConfirmation: assign({ confirmation: null, failure: null }),
    /** Invalidates the account query, so every screen shows the change. */
    subscriptionChanged: () => {},
  },
  guards: {
    isExpired: ({ context }) => context.subscription.state === 'expired',
    isCanceled: ({ context }) => context.subscription.state === 'canceled',
    isCancelable: ({ context }) => context.subscription.cancelable,
    areSeatsAdjustable: ({ context }) => context.subscription.minSeats < context.subscription.maxSeats,
    isSeatsDraftUnchanged: ({ context }) =>
      seatsErrorOf(context.seatsDraft, context.subscription) === null &&
      Number(context.seatsDraft.trim()) === seatsAsked(context.subscription),
    isSeatsDraftValid: ({ context }) => seatsErrorOf(context.seatsDraft, context.subscription) === null,
  },
}).createMachine({
  id: 'subscriptionLifecycle',
  context: ({ input }) => ({
    subscription: input,
    cancelReason: null,
    cancelNote: '',
    seatsDraft: String(seatsAsked(input)),
    seatsError: null,
    seatsPreview: null,
    failure: null,
    confirmation: null,
  }),
  initial: 'settling',
  states: {
    /** Where the subscription's state puts the person. */
    settling: {
      always: [
        { guard: 'isExpired', target: 'expired' },
        { guard: 'isCanceled', target: 'canceled' },
        { target: 'active' },
      ],
    },
    active: {
      on: {
        ...refreshed,
        'user.cancel': { guard: 'isCancelable', target: 'confirmingCancel', actions: 'forgetConfirmation' },
        'user.editSeats': {
          guard: 'areSeatsAdjustable',
          target: 'changingSeats',
          actions: ['forgetConfirmation', 'startSeats'],
        },
      },
    },
    /** The confirm dialog, with the optional reason and note. */
    confirmingCancel: { on: editingCancel },
    canceling: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'cancelSubscription',
        src: 'cancelSubscription',
        input: ({ context }) => ({ reason: context.cancelReason, note: context.cancelNote.trim() }),
        onDone: {
          target: 'canceled',
          actions: [
            { type: 'applyChange', params: ({ event }) => event.output },
            assign({ confirmation: 'canceled' as const, cancelReason: null, cancelNote: '' }),
            'subscriptionChanged',
          ],
        },
        onError: {
          target: 'cancelFailed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    /** The dialog stays open with the server's answer; the reason stays chosen. */
    cancelFailed: { tags: ['error'], on: editingCancel },
    /** Still usable until the period ends, and can be uncanceled until then. */
    canceled: {
      on: { ...refreshed, 'user.uncancel': 'uncanceling' },
    },
    uncanceling: {
      tags: ['busy'],
      entry: 'forgetConfirmation',
      invoke: {
        id: 'uncancelSubscription',
        src: 'uncancelSubscription',
        onDone: {
          target: 'active',
          actions: [
            { type: 'applyChange', params: ({ event }) => event.output },
            assign({ confirmation: 'uncanceled' as const }),
            'subscriptionChanged',
          ],
        },
        onError: {
          target: 'uncancelFailed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    uncancelFailed: {
      tags: ['error'],
      on: { ...refreshed, 'user.uncancel': 'uncanceling' },
    },
    changingSeats: { on: editingSeats },
    /** Seats are priced before they are changed (docs/decisions/0023-seats-priced.md). */
    pricingSeats: {
      tags: ['busy'],
      entry: assign({ failure: null, seatsPreview: null }),
      invoke: {
        id: 'previewSeats',
        src: 'previewSeats',
        input: ({ context }) => ({ quantity: Number(context.seatsDraft.trim()) }),
        onDone: { target: 'confirmingSeats', actions: assign({ seatsPreview: ({ event }) => event.output }) },
        onError: {
          target: 'seatsFailed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    /** The new price and what is due now, to confirm or to change. */
    confirmingSeats: {
      on: {
        'user.confirmSeats': 'savingSeats',
        'user.changeSeats': { target: 'changingSeats', actions: 'changeSeats' },
        'user.dismiss': 'active',
      },
    },
    savingSeats: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'changeSeats',
        src: 'changeSeats',
        input: ({ context }) => ({ quantity: Number(context.seatsDraft.trim()) }),
        onDone: {
          target: 'active',
          actions: [
            { type: 'applyChange', params: ({ event }) => event.output },
            assign({ confirmation: 'seatsChanged' as const }),
            'subscriptionChanged',
          ],
        },
        onError: {
          target: 'seatsFailed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    /** The seats stay as typed beside the server's answer. */
    seatsFailed: { tags: ['error'], on: editingSeats },
    /** Nothing left to change; a renewal by the order site would bring it back. */
    expired: { on: refreshed },
  },
});

import { ErrorCode } from '../../contract/errors';
import { type SeatsPreview, SubscriptionMessage } from '../../contract/subscriptions';
import {
  type SubscriptionFacts,
  type SubscriptionLifecycleContext,
  seatsErrorOf,
  type subscriptionLifecycleMachine,
} from '../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import { SubscriptionLifecycleView } from '../../src/features/subscription-portal/subscription-lifecycle.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** A teams plan of 5 seats, 3 in use, at most 10: every change is open to its owner. */
export const teamsFacts: SubscriptionFacts = {
  state: 'active',
  quantity: 5,
  renewalQuantity: null,
  minSeats: 2,
  maxSeats: 10,
  seatsInUse: 3,
  cancelable: true,
};

/** When the current period of the subscription ends. */
export const periodEnd = '2026-12-22T12:00:00.000Z';

const change = (state: SubscriptionFacts['state'], quantity: number) => ({
  success: true as const,
  state,
  planCode: 'teams-monthly',
  quantity,
  renewalQuantity: null,
  invoiceNumber: null,
});

/** What a change to `quantity` seats of the monthly teams plan ($14.99 a seat) costs. */
export const seatsPreview = (quantity: number, dueNowCents: number): SeatsPreview => ({
  quantity,
  currency: 'USD',
  recurringCents: quantity * 1499,
  dueNowCents,
  paidSeats: 5,
  effectiveAt: null,
  periodEnd,
});

/** Sample events for generating the subscription lifecycle machine's paths. */
const subscriptionLifecycleCases = {
  // A person can only choose or type something other than what is there.
  'user.chooseReason': ({ context }: { context: SubscriptionLifecycleContext }) =>
    (['tooExpensive', 'other'] as const)
      .filter((reason) => reason !== context.cancelReason)
      .map((reason) => ({ type: 'user.chooseReason' as const, reason })),
  'user.changeNote': ({ context }: { context: SubscriptionLifecycleContext }) =>
    ['We moved to another provider.', '']
      .filter((value) => value !== context.cancelNote)
      .map((value) => ({ type: 'user.changeNote' as const, value })),
  // Valid, below the seats in use, not a number, and the current quantity (above the maximum is a focused test).
  'user.changeSeats': ({ context }: { context: SubscriptionLifecycleContext }) =>
    ['7', '2', 'many', '5']
      .filter((value) => value !== context.seatsDraft)
      .map((value) => ({ type: 'user.changeSeats' as const, value })),
  'subscription.refreshed': [
    { type: 'subscription.refreshed', subscription: teamsFacts },
    { type: 'subscription.refreshed', subscription: { ...teamsFacts, state: 'canceled' } },
    { type: 'subscription.refreshed', subscription: { ...teamsFacts, state: 'expired' } },
  ],
  'xstate.done.actor.cancelSubscription': [
    { type: 'xstate.done.actor.cancelSubscription', output: change('canceled', 5), actorId: 'cancelSubscription' },
  ],
  'xstate.error.actor.cancelSubscription': [
    {
      type: 'xstate.error.actor.cancelSubscription',
      error: refused(ErrorCode.subscriptionRefused, SubscriptionMessage.notCancelable),
      actorId: 'cancelSubscription',
    },
    { type: 'xstate.error.actor.cancelSubscription', error: new Error('network down'), actorId: 'cancelSubscription' },
  ],
  'xstate.done.actor.uncancelSubscription': [
    { type: 'xstate.done.actor.uncancelSubscription', output: change('active', 5), actorId: 'uncancelSubscription' },
  ],
  'xstate.error.actor.uncancelSubscription': [
    {
      type: 'xstate.error.actor.uncancelSubscription',
      error: refused(ErrorCode.subscriptionRefused, 'The billing service is busy. Please try again in a minute.'),
      actorId: 'uncancelSubscription',
    },
    {
      type: 'xstate.error.actor.uncancelSubscription',
      error: new Error('network down'),
      actorId: 'uncancelSubscription',
    },
  ],
  // Seats added beyond those paid are due now; fewer seats cost nothing now.
  'xstate.done.actor.previewSeats': [
    { type: 'xstate.done.actor.previewSeats', output: seatsPreview(7, 2999), actorId: 'previewSeats' },
    { type: 'xstate.done.actor.previewSeats', output: seatsPreview(4, 0), actorId: 'previewSeats' },
  ],
  'xstate.error.actor.previewSeats': [
    {
      type: 'xstate.error.actor.previewSeats',
      error: refused(ErrorCode.subscriptionRefused, SubscriptionMessage.quantityBelowSeatsInUse),
      actorId: 'previewSeats',
    },
    { type: 'xstate.error.actor.previewSeats', error: new Error('network down'), actorId: 'previewSeats' },
  ],
  'xstate.done.actor.changeSeats': [
    { type: 'xstate.done.actor.changeSeats', output: change('active', 7), actorId: 'changeSeats' },
  ],
  'xstate.error.actor.changeSeats': [
    {
      type: 'xstate.error.actor.changeSeats',
      error: refused(ErrorCode.subscriptionRefused, SubscriptionMessage.quantityBelowSeatsInUse),
      actorId: 'changeSeats',
    },
    { type: 'xstate.error.actor.changeSeats', error: new Error('network down'), actorId: 'changeSeats' },
  ],
} as const;

/** What the subscription lifecycle's paths are generated from, and its view (the path tests and the flow explorer). */
export const subscriptionLifecycleModel: FlowModel<typeof subscriptionLifecycleMachine> = {
  input: teamsFacts,
  cases: subscriptionLifecycleCases,
  // What the person can tell apart: the state, whether a failure came with the server's message, and
  // what the typed seats would do on save (not the reason, the note or which confirmation shows).
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.hasTag('error') ? Boolean(snapshot.context.failure?.message) : null,
      snapshot.matches('changingSeats') || snapshot.matches('seatsFailed')
        ? [
            seatsErrorOf(snapshot.context.seatsDraft, snapshot.context.subscription) ??
              (Number(snapshot.context.seatsDraft) === snapshot.context.subscription.quantity ? 'unchanged' : 'valid'),
            snapshot.context.seatsError !== null,
          ]
        : null,
    ]),
  render: (snapshot, send) => (
    <SubscriptionLifecycleView snapshot={snapshot} send={send} currentPeriodEndsAt={periodEnd} />
  ),
};

import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type SeatsPreview, type SubscriptionChangeResponse, SubscriptionMessage } from '../../contract/subscriptions';
import {
  type CancelInput,
  seatsErrorOf,
  subscriptionLifecycleMachine,
} from '../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import { SubscriptionLifecycleView } from '../../src/features/subscription-portal/subscription-lifecycle.view';
import { TestI18n } from '../support/i18n';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { periodEnd, seatsPreview, subscriptionLifecycleModel, teamsFacts } from './subscriptionLifecycle.cases';

type Machine = typeof subscriptionLifecycleMachine;

const reasonLabels = { tooExpensive: 'It is too expensive', other: 'Another reason' } as const;
const changeUnavailable = 'We could not change your subscription right now. Please try again later.';
const noteLabel = 'Anything else you would like to tell us? (optional)';

beforeAll(() => {
  // jsdom lays nothing out, so the dialog's focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

const dialog = (scope: Pick<typeof screen, 'getByRole'> = screen) => within(scope.getByRole('alertdialog'));

/** The server's message, or the view's own words when it sent none. */
function expectFailure(scope: Pick<typeof screen, 'getByRole'>, message: string | null) {
  expect(scope.getByRole('alert')).toHaveTextContent(message ?? changeUnavailable);
}

function inDialog(snapshot: { matches: (state: 'confirmingCancel' | 'cancelFailed') => boolean }) {
  return snapshot.matches('confirmingCancel') || snapshot.matches('cancelFailed');
}

const changeSeats: Driver<Machine> = async ({ screen, event }) => {
  fireEvent.change(screen.getByLabelText('Number of seats'), {
    target: { value: 'value' in event ? event.value : '' },
  });
};

describeModel('subscriptionLifecycle', {
  machine: subscriptionLifecycleMachine,
  ...subscriptionLifecycleModel,
  states: {
    active: {
      machine: (snapshot) => expect(snapshot.context.subscription.state).not.toBe('expired'),
      view: (screen, snapshot) => {
        expect(screen.queryByRole('alertdialog')).toBeNull();
        expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Change seats' })).toBeEnabled();
        const confirmations = {
          uncanceled: 'Your subscription continues.',
          seatsChanged: `Your subscription now has ${snapshot.context.subscription.quantity} seats.`,
        } as Record<string, string>;
        expect(screen.getByRole('status')).toHaveTextContent(confirmations[snapshot.context.confirmation] ?? '');
      },
    },
    confirmingCancel: {
      view: (screen, snapshot) => {
        expect(dialog(screen).getByRole('heading', { name: 'Cancel your subscription?' })).toBeVisible();
        expect(
          dialog(screen).getByText('It stays active until December 22, 2026, and you can keep it until then.'),
        ).toBeVisible();
        expect(dialog(screen).getByLabelText(noteLabel)).toHaveValue(snapshot.context.cancelNote);
        const reason = snapshot.context.cancelReason as keyof typeof reasonLabels | null;
        for (const [key, label] of Object.entries(reasonLabels))
          expect(dialog(screen).getByLabelText(label)).toHaveProperty('checked', key === reason);
        expect(dialog(screen).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
      },
    },
    canceling: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const accept = dialog(screen).getByRole('button', { name: 'Canceling…' });
        expect(accept).toBeDisabled();
        expect(accept).toHaveAttribute('aria-busy', 'true');
        expect(dialog(screen).getByLabelText(noteLabel)).toBeDisabled();
      },
    },
    cancelFailed: {
      machine: (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
      view: (screen, snapshot) => {
        expectFailure(dialog(screen), snapshot.context.failure?.message ?? null);
        expect(dialog(screen).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
      },
    },
    canceled: {
      machine: (snapshot) => expect(snapshot.context.subscription.state).toBe('canceled'),
      view: (screen, snapshot) => {
        expect(
          screen.getByText('Your subscription ends on December 22, 2026. You can keep it until then.'),
        ).toBeVisible();
        expect(screen.getByRole('button', { name: 'Keep subscription' })).toBeEnabled();
        expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
        expect(screen.getByRole('status')).toHaveTextContent(
          snapshot.context.confirmation === 'canceled' ? 'Your subscription is canceled.' : '',
        );
      },
    },
    uncanceling: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => expect(screen.getByRole('button', { name: 'Keeping your subscription…' })).toBeDisabled(),
    },
    uncancelFailed: {
      view: (screen, snapshot) => {
        expectFailure(screen, snapshot.context.failure?.message ?? null);
        expect(screen.getByRole('button', { name: 'Keep subscription' })).toBeEnabled();
      },
    },
    changingSeats: {
      view: (screen, snapshot) => {
        expect(screen.getByLabelText('Number of seats')).toHaveValue(snapshot.context.seatsDraft);
        expect(screen.getByText(/From 3 to 10 seats\./)).toBeVisible();
        if (snapshot.context.seatsError) expect(screen.getByText(snapshot.context.seatsError)).toBeVisible();
        // Seats and cancel are one change at a time.
        expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
      },
    },
    pricingSeats: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Getting the price…' })).toBeDisabled();
        expect(screen.getByLabelText('Number of seats')).toBeDisabled();
      },
    },
    confirmingSeats: {
      machine: (snapshot) => expect(snapshot.context.seatsPreview).not.toBeNull(),
      view: (screen, snapshot) => {
        const due = snapshot.context.seatsPreview?.dueNowCents ?? 0;
        expect(
          screen.getByText(/^New price: \$\d+\.\d\d per billing period, from your next renewal on /),
        ).toBeVisible();
        if (due > 0) {
          expect(screen.getByText(/^Due now: \$29\.99, for the added seats/)).toBeVisible();
          expect(screen.getByRole('button', { name: 'Confirm and pay $29.99' })).toBeEnabled();
        } else {
          expect(screen.getByText('Nothing is due now.')).toBeVisible();
          expect(screen.getByRole('button', { name: 'Confirm seats' })).toBeEnabled();
        }
        expect(screen.getByLabelText('Number of seats')).toBeEnabled();
      },
    },
    savingSeats: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Saving seats…' })).toBeDisabled();
        expect(screen.getByLabelText('Number of seats')).toBeDisabled();
      },
    },
    seatsFailed: {
      view: (screen, snapshot) => {
        expectFailure(screen, snapshot.context.failure?.message ?? null);
        expect(screen.getByLabelText('Number of seats')).toHaveValue(snapshot.context.seatsDraft);
      },
    },
    expired: {
      machine: (snapshot) => expect(snapshot.context.subscription.state).toBe('expired'),
      view: (screen) => {
        expect(screen.getByText('This subscription has expired.')).toBeVisible();
        expect(screen.queryAllByRole('button')).toEqual([]);
      },
    },
  },
  drivers: {
    'user.cancel': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Cancel subscription' })),
    'user.chooseReason': async ({ user, event }) =>
      user.click(dialog().getByLabelText(reasonLabels['reason' in event ? (event.reason as 'other') : 'other'])),
    'user.changeNote': async ({ event }) => {
      fireEvent.change(dialog().getByLabelText(noteLabel), { target: { value: 'value' in event ? event.value : '' } });
    },
    'user.confirmCancel': async ({ user }) => user.click(dialog().getByRole('button', { name: 'Cancel subscription' })),
    'user.dismiss': async ({ user, screen, snapshot }) =>
      inDialog(snapshot)
        ? user.click(dialog().getByRole('button', { name: 'Keep subscription' }))
        : user.click(screen.getByRole('button', { name: 'Discard' })),
    'user.uncancel': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Keep subscription' })),
    'user.editSeats': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Change seats' })),
    'user.changeSeats': changeSeats,
    'user.saveSeats': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Save seats' })),
    'user.confirmSeats': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: /^Confirm (and pay \$\d+\.\d\d|seats)$/ })),
  },
});

const changed = (state: SubscriptionChangeResponse['state'], quantity: number): SubscriptionChangeResponse => ({
  success: true,
  state,
  planCode: 'teams-monthly',
  quantity,
  renewalQuantity: null,
  invoiceNumber: null,
});

/** The owner opens the seats, types a count and saves it: the machine prices it and asks. */
async function askForSeats(actor: Actor<typeof subscriptionLifecycleMachine>, value: string) {
  actor.send({ type: 'user.editSeats' });
  actor.send({ type: 'user.changeSeats', value });
  actor.send({ type: 'user.saveSeats' });
  await waitFor(actor, (state) => state.matches('confirmingSeats'));
}

function started(facts = teamsFacts) {
  return initialTransition(subscriptionLifecycleMachine, facts)[0];
}

describe('subscriptionLifecycle machine', () => {
  it('starts where the subscription stands', () => {
    expect(started().value).toBe('active');
    expect(started({ ...teamsFacts, state: 'canceled' }).value).toBe('canceled');
    expect(started({ ...teamsFacts, state: 'expired' }).value).toBe('expired');
  });

  it('keeps seats between the seats in use (at least 1) and the plan maximum', () => {
    expect(seatsErrorOf('3', teamsFacts)).toBeNull();
    expect(seatsErrorOf('10', teamsFacts)).toBeNull();
    expect(seatsErrorOf('2', teamsFacts)).toBe(SubscriptionMessage.quantityBelowSeatsInUse);
    expect(seatsErrorOf('11', teamsFacts)).toBe(SubscriptionMessage.quantityAboveMaximum);
    expect(seatsErrorOf('0', { ...teamsFacts, seatsInUse: null })).toBe(SubscriptionMessage.quantityInvalid);
    expect(seatsErrorOf('1', { ...teamsFacts, seatsInUse: null })).toBeNull();
    for (const typed of ['', '2.5', '-3', 'five'])
      expect(seatsErrorOf(typed, teamsFacts)).toBe(SubscriptionMessage.quantityInvalid);
  });

  it('offers no seat change on a plan with a fixed number of seats, and no cancel on a one-time plan', () => {
    const families = started({ ...teamsFacts, quantity: 1, minSeats: 1, maxSeats: 1, seatsInUse: 1 });
    expect(transition(subscriptionLifecycleMachine, families, { type: 'user.editSeats' })[0].value).toBe('active');
    const oneTime = started({ ...teamsFacts, cancelable: false });
    expect(transition(subscriptionLifecycleMachine, oneTime, { type: 'user.cancel' })[0].value).toBe('active');
  });

  it('keeps the note to 500 characters', () => {
    let [snapshot] = transition(subscriptionLifecycleMachine, started(), { type: 'user.cancel' });
    [snapshot] = transition(subscriptionLifecycleMachine, snapshot, {
      type: 'user.changeNote',
      value: 'x'.repeat(600),
    });
    expect(snapshot.context.cancelNote).toHaveLength(500);
  });

  it('cancels with the reason and note, says so, and has the account read again', async () => {
    const sent: CancelInput[] = [];
    const subscriptionChanged = vi.fn();
    const actor = createActor(
      subscriptionLifecycleMachine.provide({
        actors: {
          cancelSubscription: fromPromise<SubscriptionChangeResponse, CancelInput>(async ({ input }) => {
            sent.push(input);
            return changed('canceled', 5);
          }),
        },
        actions: { subscriptionChanged },
      }),
      { input: teamsFacts },
    ).start();
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.chooseReason', reason: 'switchedService' });
    actor.send({ type: 'user.changeNote', value: '  We moved to another provider.  ' });
    actor.send({ type: 'user.confirmCancel' });
    await waitFor(actor, (state) => state.matches('canceled'));
    expect(sent).toEqual([{ reason: 'switchedService', note: 'We moved to another provider.' }]);
    expect(subscriptionChanged).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ confirmation: 'canceled', cancelReason: null, cancelNote: '' });
  });

  it('prices the seats, asks, and changes them only once confirmed', async () => {
    const changes: number[] = [];
    const actor = createActor(
      subscriptionLifecycleMachine.provide({
        actors: {
          previewSeats: fromPromise<SeatsPreview, { quantity: number }>(async ({ input }) =>
            seatsPreview(input.quantity, 2999),
          ),
          changeSeats: fromPromise<SubscriptionChangeResponse, { quantity: number }>(async ({ input }) => {
            changes.push(input.quantity);
            return changed('active', input.quantity);
          }),
        },
      }),
      { input: teamsFacts },
    ).start();
    await askForSeats(actor, '7');
    expect(actor.getSnapshot().context.seatsPreview).toMatchObject({ quantity: 7, dueNowCents: 2999 });
    expect(changes).toEqual([]);
    actor.send({ type: 'user.confirmSeats' });
    await waitFor(actor, (state) => state.matches('active'));
    expect(changes).toEqual([7]);
    expect(actor.getSnapshot().context.subscription.quantity).toBe(7);
  });

  it('keeps the server’s message and the typed seats when a seat change is refused', async () => {
    const subscriptionChanged = vi.fn();
    const actor = createActor(
      subscriptionLifecycleMachine.provide({
        actors: {
          previewSeats: fromPromise<SeatsPreview, { quantity: number }>(async ({ input }) =>
            seatsPreview(input.quantity, 0),
          ),
          changeSeats: fromPromise<SubscriptionChangeResponse, { quantity: number }>(async () => {
            throw refused(ErrorCode.subscriptionRefused, SubscriptionMessage.quantityBelowSeatsInUse);
          }),
        },
        actions: { subscriptionChanged },
      }),
      { input: teamsFacts },
    ).start();
    await askForSeats(actor, '4');
    actor.send({ type: 'user.confirmSeats' });
    await waitFor(actor, (state) => state.matches('seatsFailed'));
    expect(actor.getSnapshot().context).toMatchObject({
      failure: { message: SubscriptionMessage.quantityBelowSeatsInUse },
      seatsDraft: '4',
    });
    expect(subscriptionChanged).not.toHaveBeenCalled();
  });

  it('asks for fewer seats from the renewal: the seats stay until then, and the editor starts from the seats asked for', async () => {
    const actor = createActor(
      subscriptionLifecycleMachine.provide({
        actors: {
          previewSeats: fromPromise<SeatsPreview, { quantity: number }>(async ({ input }) => ({
            ...seatsPreview(input.quantity, 0),
            effectiveAt: periodEnd,
          })),
          changeSeats: fromPromise<SubscriptionChangeResponse, { quantity: number }>(async ({ input }) => ({
            ...changed('active', teamsFacts.quantity),
            renewalQuantity: input.quantity,
          })),
        },
      }),
      { input: teamsFacts },
    ).start();
    await askForSeats(actor, '4');
    const { unmount } = render(
      <TestI18n>
        <SubscriptionLifecycleView snapshot={actor.getSnapshot()} send={() => {}} currentPeriodEndsAt={periodEnd} />
      </TestI18n>,
    );
    expect(screen.getByText(/^Fewer seats take effect at your next renewal, on December 22, 2026\./)).toBeVisible();
    expect(screen.getByText('Nothing is due now.')).toBeVisible();
    unmount();
    actor.send({ type: 'user.confirmSeats' });
    await waitFor(actor, (state) => state.matches('active'));
    expect(actor.getSnapshot().context.subscription).toMatchObject({ quantity: 5, renewalQuantity: 4 });
    render(
      <TestI18n>
        <SubscriptionLifecycleView snapshot={actor.getSnapshot()} send={() => {}} currentPeriodEndsAt={periodEnd} />
      </TestI18n>,
    );
    expect(screen.getByText('Your subscription will have 4 seats from December 22, 2026.')).toBeVisible();
    expect(screen.getByText(/4 seats from December 22, 2026$/)).toBeVisible();
    actor.send({ type: 'user.editSeats' });
    expect(actor.getSnapshot().context.seatsDraft).toBe('4');
  });

  it('closes the seat editor without a call when the number is unchanged', () => {
    let [snapshot] = transition(subscriptionLifecycleMachine, started(), { type: 'user.editSeats' });
    [snapshot] = transition(subscriptionLifecycleMachine, snapshot, { type: 'user.saveSeats' });
    expect(snapshot.value).toBe('active');
  });
});

describe('subscriptionLifecycle view', () => {
  it('opens the cancel dialog with the accept button focused, and labels every choice', async () => {
    const [snapshot] = transition(subscriptionLifecycleMachine, started(), { type: 'user.cancel' });
    render(
      <TestI18n>
        <SubscriptionLifecycleView snapshot={snapshot} send={() => {}} currentPeriodEndsAt={periodEnd} />
      </TestI18n>,
    );
    await vi.waitFor(() => expect(dialog().getByRole('button', { name: 'Cancel subscription' })).toHaveFocus());
    expect(dialog().getByRole('group', { name: 'Why are you canceling? (optional)' })).toBeVisible();
    expect(dialog().getAllByRole('radio')).toHaveLength(5);
    expect(dialog().getByLabelText(noteLabel)).toHaveAttribute('maxlength', '500');
    expect(dialog().getByText('0 of 500 characters')).toBeVisible();
  });

  it('sends dismiss when Escape closes the dialog', async () => {
    const send = vi.fn();
    const [snapshot] = transition(subscriptionLifecycleMachine, started(), { type: 'user.cancel' });
    render(
      <TestI18n>
        <SubscriptionLifecycleView snapshot={snapshot} send={send} currentPeriodEndsAt={periodEnd} />
      </TestI18n>,
    );
    await vi.waitFor(() => expect(dialog().getByRole('button', { name: 'Cancel subscription' })).toHaveFocus());
    await userEvent.setup().keyboard('{Escape}');
    expect(send).toHaveBeenCalledWith({ type: 'user.dismiss' });
  });

  it('says a one-time plan cannot be canceled and offers no seat change for a fixed number of seats', () => {
    render(
      <TestI18n>
        <SubscriptionLifecycleView
          snapshot={started({ ...teamsFacts, cancelable: false, minSeats: 1, maxSeats: 1, quantity: 1 })}
          send={() => {}}
          currentPeriodEndsAt={null}
        />
      </TestI18n>,
    );
    expect(screen.getByText('This plan cannot be canceled.')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

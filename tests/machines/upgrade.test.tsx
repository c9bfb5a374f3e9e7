import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import type { SubscriptionChangeResponse, UpgradePreview } from '../../contract/subscriptions';
import { unexplained } from '../../machines/support/refusal';
import {
  chosenOptionOf,
  failureReasonOf,
  type PreviewUpgradeInput,
  upgradeMachine,
} from '../../machines/upgrade/upgrade.machine';
import { anUpgradeOption, aOneTimeOption, aPreview } from '../support/billing-fixtures';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { upgradeInput, upgradeModel } from './upgrade.cases';

const conflictText = 'This subscription was changed meanwhile. Start over to see its current options.';
const failureTexts = {
  refused: 'You cannot have fewer seats than are in use. Remove members or invitations first.',
  unavailable: 'We could not reach the server. Please try again.',
  conflict: conflictText,
} as const;

describeModel('upgrade', {
  machine: upgradeMachine,
  ...upgradeModel,
  states: {
    'choosing.nothingChosen': {
      machine: (snapshot) => expect(snapshot.context.chosenHash).toBeNull(),
      view: (screen) => {
        expect(screen.getByText('Choose a plan to see what the upgrade costs today.')).toBeVisible();
        expect(screen.getByRole('button', { name: 'See the price' })).toBeDisabled();
        for (const button of screen.getAllByRole('button', { name: /^Choose / }))
          expect(button).toHaveAttribute('aria-pressed', 'false');
      },
    },
    'choosing.optionChosen': {
      machine: (snapshot) => {
        expect(snapshot.context.chosenHash).not.toBeNull();
        expect(snapshot.context.preview).toBeNull();
      },
      view: (screen, snapshot) => {
        const option = chosenOptionOf(snapshot.context);
        expect(screen.getByRole('button', { name: `Chosen ${option?.title}` })).toHaveAttribute('aria-pressed', 'true');
        expect(screen.getByRole('button', { name: 'See the price' })).toBeEnabled();
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    'choosing.quantityInvalid': {
      machine: (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
      view: (screen, snapshot) => {
        expect(screen.getByText(snapshot.context.quantityError)).toBeVisible();
        expect(screen.getByLabelText('Seats')).toHaveAttribute('aria-invalid', 'true');
        expect(screen.getByRole('button', { name: 'See the price' })).toBeDisabled();
      },
    },
    previewing: {
      machine: (snapshot) => {
        expect(snapshot.hasTag('busy')).toBe(true);
        expect(snapshot.context.failure).toBeNull();
      },
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Calculating the price…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        for (const choose of screen.getAllByRole('button', { name: /^Choose/ })) expect(choose).toBeDisabled();
      },
    },
    reviewing: {
      machine: (snapshot) => expect(snapshot.context.preview).not.toBeNull(),
      view: (screen) => {
        expect(screen.getByRole('heading', { name: 'What you pay today' })).toBeVisible();
        expect(screen.getByRole('row', { name: 'Total due today $641.22' })).toBeVisible();
        expect(screen.getByRole('button', { name: 'Confirm upgrade' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Change my choice' })).toBeEnabled();
      },
    },
    upgrading: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Upgrading…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('button', { name: 'Change my choice' })).toBeDisabled();
      },
    },
    done: {
      machine: (snapshot) => {
        expect(snapshot.status).toBe('done');
        expect(snapshot.context.result?.invoiceNumber).toBe(1003);
      },
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          `Your subscription is now ${chosenOptionOf(snapshot.context)?.title}.`,
        );
        expect(screen.getByRole('link', { name: 'View invoice 1003' })).toHaveAttribute(
          'href',
          '/billing/invoices/1003',
        );
        expect(screen.queryByRole('button', { name: 'Confirm upgrade' })).toBeNull();
      },
    },
    previewFailed: {
      machine: (snapshot) => {
        expect(snapshot.hasTag('error')).toBe(true);
        expect(snapshot.context.preview).toBeNull();
      },
      view: (screen, snapshot) => {
        const { failure } = snapshot.context;
        const reason: keyof typeof failureTexts = failure ? failureReasonOf(failure) : 'unavailable';
        expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[reason]);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Change my choice' })).toBeEnabled();
      },
    },
    upgradeFailed: {
      machine: (snapshot) => expect(snapshot.context.preview).not.toBeNull(),
      view: (screen, snapshot) => {
        const { failure } = snapshot.context;
        const reason: keyof typeof failureTexts = failure ? failureReasonOf(failure) : 'unavailable';
        expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[reason]);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Confirm upgrade' })).toBeDisabled();
      },
    },
    conflict: {
      machine: (snapshot) => expect(failureReasonOf(snapshot.context.failure ?? unexplained)).toBe('conflict'),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(conflictText);
        expect(screen.getByRole('button', { name: 'Start over' })).toBeEnabled();
        expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Confirm upgrade' })).toBeNull();
      },
    },
  },
  drivers: {
    'user.chooseOption': async ({ user, screen, event, snapshot }) => {
      const option = snapshot.context.subscription.upgradeOptions.find(
        (candidate: { hash: string }) => 'hash' in event && candidate.hash === event.hash,
      );
      await user.click(screen.getByRole('button', { name: `Choose ${option.title}` }));
    },
    'user.changeQuantity': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Seats'), { target: { value: 'value' in event ? event.value : '' } });
    },
    'user.preview': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'See the price' })),
    'user.confirm': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Confirm upgrade' })),
    'user.changeChoice': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Change my choice' })),
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'user.startOver': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Start over' })),
  },
});

type Sent = { preview: PreviewUpgradeInput[]; upgrade: unknown[] };

function upgradeActor(
  input = upgradeInput,
  results: { preview?: () => UpgradePreview; upgrade?: () => SubscriptionChangeResponse } = {},
) {
  const sent: Sent = { preview: [], upgrade: [] };
  const calls = { subscriptionChanged: 0, reloadSubscription: 0 };
  const actor = createActor(
    upgradeMachine.provide({
      actors: {
        previewUpgrade: fromPromise(async ({ input: request }) => {
          sent.preview.push(request);
          return results.preview?.() ?? aPreview();
        }),
        upgradeSubscription: fromPromise(async ({ input: request }) => {
          sent.upgrade.push(request);
          return (
            results.upgrade?.() ?? {
              success: true as const,
              state: 'active' as const,
              planCode: request.newPlanCode,
              quantity: request.quantity,
              renewalQuantity: null,
              invoiceNumber: 1003,
            }
          );
        }),
      },
      actions: {
        subscriptionChanged: () => {
          calls.subscriptionChanged += 1;
        },
        reloadSubscription: () => {
          calls.reloadSubscription += 1;
        },
      },
    }),
    { input },
  ).start();
  return { actor, sent, calls };
}

describe('upgrade machine', () => {
  it('previews, then upgrades with the spec payload, and says the subscription changed', async () => {
    const { actor, sent, calls } = upgradeActor();
    actor.send({ type: 'user.chooseOption', hash: 'offer-teams-yearly' });
    expect(actor.getSnapshot().context.quantityText).toBe('5');
    actor.send({ type: 'user.changeQuantity', value: '12' });
    actor.send({ type: 'user.preview' });
    await waitFor(actor, (state) => state.matches('reviewing'));
    expect(sent.preview).toEqual([
      { referenceId: 'teams-1', newPlanCode: 'teams-yearly', quantity: 12, blackfriday24Eligible: false },
    ]);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('done'));
    expect(sent.upgrade).toEqual([
      {
        userid: 'owner-id',
        email: 'owner@example.com',
        referenceId: 'teams-1',
        storeType: 'web',
        newPlanCode: 'teams-yearly',
        quantity: 12,
        prorate: true,
        blackfriday24Eligible: false,
      },
    ]);
    expect(actor.getSnapshot().context.result?.invoiceNumber).toBe(1003);
    expect(calls.subscriptionChanged).toBe(1);
  });

  it('asks one seat for a plan other than teams, and passes the Black Friday eligibility on', async () => {
    const input = {
      ...upgradeInput,
      subscription: {
        ...upgradeInput.subscription,
        blackfriday24Eligible: true,
        upgradeOptions: [anUpgradeOption({ hash: 'offer-families', title: 'Families, yearly', type: 'families' })],
      },
    };
    const { actor, sent } = upgradeActor(input);
    actor.send({ type: 'user.chooseOption', hash: 'offer-families' });
    expect(actor.getSnapshot().context.quantityText).toBe('1');
    // The seats field is not offered; an event for it changes nothing.
    actor.send({ type: 'user.changeQuantity', value: '7' });
    expect(actor.getSnapshot().context.quantityText).toBe('1');
    actor.send({ type: 'user.preview' });
    await waitFor(actor, (state) => state.matches('reviewing'));
    expect(sent.preview[0]).toMatchObject({ quantity: 1, blackfriday24Eligible: true });
  });

  it('refuses seats outside 1 to the plan maximum with the contract messages, and sends nothing', () => {
    const chosen = transition(upgradeMachine, initialTransition(upgradeMachine, upgradeInput)[0], {
      type: 'user.chooseOption',
      hash: 'offer-teams-yearly',
    })[0];
    for (const [value, message] of [
      ['0', 'Please enter a whole number of seats.'],
      ['2.5', 'Please enter a whole number of seats.'],
      ['', 'Please enter a whole number of seats.'],
      ['501', 'This plan allows no more seats.'],
    ] as const) {
      const typed = transition(upgradeMachine, chosen, { type: 'user.changeQuantity', value })[0];
      const [refused, actions] = transition(upgradeMachine, typed, { type: 'user.preview' });
      expect(refused.value).toEqual({ choosing: 'quantityInvalid' });
      expect(refused.context.quantityError).toBe(message);
      expect(actions.filter((action) => action.type === 'xstate.spawnChild')).toEqual([]);
    }
    const atMaximum = transition(upgradeMachine, chosen, { type: 'user.changeQuantity', value: '500' })[0];
    expect(transition(upgradeMachine, atMaximum, { type: 'user.preview' })[0].value).toBe('previewing');
  });

  it('discards the preview when the person changes the choice', async () => {
    const { actor } = upgradeActor();
    actor.send({ type: 'user.chooseOption', hash: 'offer-router-lifetime' });
    actor.send({ type: 'user.preview' });
    await waitFor(actor, (state) => state.matches('reviewing'));
    actor.send({ type: 'user.changeChoice' });
    expect(actor.getSnapshot().value).toEqual({ choosing: 'optionChosen' });
    expect(actor.getSnapshot().context).toMatchObject({ preview: null, chosenHash: 'offer-router-lifetime' });
  });

  it('after a conflict, starts over from nothing chosen and reads the subscription again', async () => {
    const { actor, calls } = upgradeActor(upgradeInput, {
      upgrade: () => {
        throw refused(ErrorCode.subscriptionConflict, 'This subscription was changed at the same time.');
      },
    });
    actor.send({ type: 'user.chooseOption', hash: 'offer-router-lifetime' });
    actor.send({ type: 'user.preview' });
    await waitFor(actor, (state) => state.matches('reviewing'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('conflict'));
    expect(calls.subscriptionChanged).toBe(0);
    actor.send({ type: 'user.startOver' });
    expect(actor.getSnapshot().value).toEqual({ choosing: 'nothingChosen' });
    expect(actor.getSnapshot().context).toMatchObject({ chosenHash: null, preview: null, failure: null });
    expect(calls.reloadSubscription).toBe(1);
  });

  it('keeps the server message of a refusal', async () => {
    const { actor } = upgradeActor(upgradeInput, {
      preview: () => {
        throw refused(ErrorCode.subscriptionRefused, 'This plan is not an upgrade offered for this subscription.');
      },
    });
    actor.send({ type: 'user.chooseOption', hash: aOneTimeOption().hash });
    actor.send({ type: 'user.preview' });
    await waitFor(actor, (state) => state.matches('previewFailed'));
    const { failure } = actor.getSnapshot().context;
    expect(failure && failureReasonOf(failure)).toBe('refused');
    expect(failure?.message).toBe('This plan is not an upgrade offered for this subscription.');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { SubscriptionMessage } from '../../contract/subscriptions';
import { blackFridayOfferMachine } from '../../machines/blackFridayOffer/blackFridayOffer.machine';
import { BlackFridayOfferView } from '../../src/features/subscription-portal/black-friday-offer.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { blackFridayOfferModel, price, renderLink } from './blackFridayOffer.cases';

const delistUnavailable = 'We could not hide the offer right now. Please try again later.';

describeModel('blackFridayOffer', {
  machine: blackFridayOfferMachine,
  ...blackFridayOfferModel,
  states: {
    offered: {
      view: (screen) => {
        expect(screen.getByRole('region', { name: 'Black Friday offer' })).toHaveTextContent(
          'Upgrade from $49.99 with the Black Friday offer.',
        );
        expect(screen.getByRole('link', { name: 'See the offer' })).toHaveAttribute(
          'href',
          '/upgrade?referenceId=teams-1',
        );
        expect(screen.getByRole('button', { name: 'No thanks' })).toBeEnabled();
      },
    },
    confirming: {
      view: (screen) => {
        const question = screen.getByRole('group', {
          name: 'Hide this offer? It will not be offered again for this subscription.',
        });
        expect(screen.getByRole('button', { name: 'Hide offer' })).toHaveFocus();
        expect(question).toContainElement(screen.getByRole('button', { name: 'Keep offer' }));
        expect(screen.queryByRole('button', { name: 'No thanks' })).toBeNull();
      },
    },
    delisting: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Hiding offer…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('button', { name: 'Keep offer' })).toBeDisabled();
      },
    },
    failed: {
      machine: (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure?.message ?? delistUnavailable);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Keep offer' })).toBeEnabled();
      },
    },
    delisted: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => {
        expect(screen.getByRole('status')).toHaveTextContent(
          'The Black Friday offer is hidden. It will not be offered again for this subscription.',
        );
        expect(screen.queryByRole('link')).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
  },
  drivers: {
    'user.delist': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'No thanks' })),
    'user.confirmDelist': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Hide offer' })),
    'user.keepOffer': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Keep offer' })),
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
});

function delistingWith(delist: () => Promise<void>, offerDelisted = vi.fn()) {
  return createActor(
    blackFridayOfferMachine.provide({
      actors: { delistOffer: fromPromise<void, void>(() => delist()) },
      actions: { offerDelisted },
    }),
  ).start();
}

describe('blackFridayOffer machine', () => {
  it('delists only after the owner confirms, then has the account read again', async () => {
    const delist = vi.fn(async () => {});
    const offerDelisted = vi.fn();
    const actor = delistingWith(delist, offerDelisted);
    actor.send({ type: 'user.delist' });
    expect(delist).not.toHaveBeenCalled();
    actor.send({ type: 'user.confirmDelist' });
    await waitFor(actor, (state) => state.matches('delisted'));
    expect(delist).toHaveBeenCalledTimes(1);
    expect(offerDelisted).toHaveBeenCalledTimes(1);
  });

  it('keeps the server’s message of a refusal, and forgets it on a new attempt', async () => {
    const offerDelisted = vi.fn();
    const delist = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(refused(ErrorCode.subscriptionRefused, SubscriptionMessage.blackFridayNotOffered))
      .mockResolvedValueOnce(undefined);
    const actor = delistingWith(delist, offerDelisted);
    actor.send({ type: 'user.delist' });
    actor.send({ type: 'user.confirmDelist' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.failure?.message).toBe(SubscriptionMessage.blackFridayNotOffered);
    expect(offerDelisted).not.toHaveBeenCalled();
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (state) => state.matches('delisted'));
    expect(offerDelisted).toHaveBeenCalledTimes(1);
  });
});

describe('blackFridayOffer view', () => {
  it('shows a message the server sent that the portal does not know, as it came', () => {
    let [snapshot] = initialTransition(blackFridayOfferMachine);
    for (const event of [
      { type: 'user.delist' },
      { type: 'user.confirmDelist' },
      {
        type: 'xstate.error.actor.delistOffer',
        error: refused(ErrorCode.subscriptionRefused, 'Ask support.'),
        actorId: 'delistOffer',
      },
    ])
      [snapshot] = transition(blackFridayOfferMachine, snapshot, event as never);
    render(
      <TestI18n>
        <BlackFridayOfferView
          snapshot={snapshot}
          send={vi.fn()}
          price={price}
          referenceId="teams-1"
          renderLink={renderLink}
        />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ask support.');
  });
});

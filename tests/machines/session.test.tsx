import { waitFor as waitForDom } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import { sessionMachine } from '../../machines/session/session.machine';
import '../support/resize-observer';
import { describeModel } from '../support/model-based';
import { sessionModel, sessionUser } from './session.cases';

describeModel('session', {
  machine: sessionMachine,
  ...sessionModel,
  states: {
    unknown: { view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Loading your account…') },
    checking: { view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Loading your account…') },
    unreachable: {
      machine: (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('heading', { name: "We can't reach the portal right now." })).toBeVisible();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
    },
    signedIn: {
      machine: (snapshot) => expect(snapshot.context.user).not.toBeNull(),
      view: (screen) => expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible(),
    },
    'signedIn.refreshingUser': { machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true) },
    signingOut: {
      // The account menu has closed; its button shows the sign-out under way.
      view: (screen) =>
        expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-busy', 'true'),
    },
    signedOut: {
      machine: (snapshot) => expect(snapshot.context.user).toBeNull(),
      view: (screen) => expect(screen.getByText('signed-out page')).toBeVisible(),
    },
  },
  drivers: {
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    // The account menu by keyboard: open it, go to its last item, choose it.
    'user.signOut': async ({ user, screen }) => {
      screen.getByRole('button', { name: 'Account menu' }).focus();
      await user.keyboard('{Enter}');
      const menu = await screen.findByRole('menu');
      // The menu takes the focus on the next frame; keys pressed before would go to the button.
      await waitForDom(() => expect(menu).toHaveFocus());
      await user.keyboard('{End}{Enter}');
    },
  },
});

describe('session actor with its effects', () => {
  function sessionWith(fetchSession: () => Promise<SessionClaims | null>) {
    const effects = { redirectToLogin: vi.fn(), notifyRefreshFailed: vi.fn(), clearUserData: vi.fn() };
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          fetchSession: fromPromise(fetchSession),
          signOut: fromPromise(async () => {}),
          refreshUser: fromPromise<void, { user: SessionClaims }>(async () => {
            throw new Error('refresh failed');
          }),
        },
        actions: effects,
      }),
    );
    actor.start();
    actor.send({ type: 'session.check' });
    return { actor, effects };
  }

  it('a 401 anywhere signs out, forgets the data and goes to sign-in', async () => {
    const { actor, effects } = sessionWith(async () => sessionUser);
    await waitFor(actor, (state) => state.matches('signedIn'));
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(effects.clearUserData).toHaveBeenCalled();
    expect(effects.redirectToLogin).toHaveBeenCalled();
  });

  it('a failed user refresh shows the "Something went wrong" toast and stays signed in', async () => {
    const { actor, effects } = sessionWith(async () => sessionUser);
    await waitFor(actor, (state) => state.matches('signedIn'));
    actor.send({ type: 'session.refreshUser' });
    await waitFor(actor, (state) => state.matches({ signedIn: 'idle' }));
    expect(effects.notifyRefreshFailed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toEqual(sessionUser);
  });

  it('nobody signed in ends signed out without a redirect', async () => {
    const { actor, effects } = sessionWith(async () => null);
    await waitFor(actor, (state) => state.matches('signedOut'));
    expect(effects.redirectToLogin).not.toHaveBeenCalled();
  });
});

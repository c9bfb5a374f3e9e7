import { within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { SessionMessage } from '../../contract/sessions';
import { type YourSessionsContext, yourSessionsMachine } from '../../machines/yourSessions/yourSessions.machine';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { laptop, phone, yourSessionsModel } from './yourSessions.cases';

const signOutUnavailable = 'We could not sign the session out right now. Please try again later.';
const knownMessages: Record<string, string> = {
  [SessionMessage.sessionNotFound]: 'There is no such session on your account. It may have ended already.',
};

beforeAll(() => {
  // jsdom lays nothing out, so the dialog's focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['drivers'][string]>>[0]['screen'];
type Snapshot = { context: YourSessionsContext; matches: (state: string) => boolean };

const contextOf = (snapshot: unknown) => (snapshot as Snapshot).context;
const dialog = (screen: Screen) => within(screen.getByRole('alertdialog'));

/** The list as the person sees it in every state: the current session marked and not offered a sign-out. */
function expectSessionsListed(screen: Screen) {
  const current = within(screen.getByRole('article', { name: /^Firefox on Windows/ }));
  expect(current.getByText('This session')).toBeVisible();
  expect(current.queryByRole('button')).toBeNull();
  const other = within(screen.getByRole('article', { name: 'Chrome on Android' }));
  expect(other.getByText('Google account')).toBeVisible();
  expect(other.getByRole('button', { name: 'Sign out Chrome on Android' })).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Safari on iOS' })).toBeVisible();
}

describeModel('yourSessions', {
  machine: yourSessionsMachine,
  ...yourSessionsModel,
  states: {
    idle: {
      view: (screen, snapshot) => {
        const { failure, notice } = contextOf(snapshot);
        expectSessionsListed(screen);
        expect(screen.getByRole('button', { name: 'Sign out every other session' })).toBeEnabled();
        expect(screen.queryByRole('alertdialog')).toBeNull();
        if (failure)
          expect(screen.getByRole('alert')).toHaveTextContent(
            failure.message ? (knownMessages[failure.message] ?? failure.message) : signOutUnavailable,
          );
        else expect(screen.queryByRole('alert')).toBeNull();
        if (notice?.kind === 'signedOutSession')
          expect(screen.getByRole('status')).toHaveTextContent('Chrome on Android was signed out.');
        else if (notice?.kind === 'signedOutOthers')
          expect(screen.getByRole('status')).toHaveTextContent('2 other sessions were signed out.');
        else expect(screen.queryByRole('status')).toBeNull();
      },
    },
    confirmingSignOut: {
      machine: (snapshot) => expect(contextOf(snapshot).target).toEqual(phone),
      view: (screen) => {
        expect(dialog(screen).getByRole('heading', { name: 'Sign out Chrome on Android?' })).toBeVisible();
        expect(dialog(screen).getByRole('button', { name: 'Sign out session' })).toBeEnabled();
      },
    },
    signingOut: {
      view: (screen) => expect(dialog(screen).getByRole('button', { name: 'Signing out…' })).toBeDisabled(),
    },
    confirmingSignOutOthers: {
      view: (screen) => {
        expect(dialog(screen).getByRole('heading', { name: 'Sign out every other session?' })).toBeVisible();
        expect(dialog(screen).getByRole('button', { name: 'Sign out other sessions' })).toBeEnabled();
      },
    },
    signingOutOthers: {
      view: (screen) => expect(dialog(screen).getByRole('button', { name: 'Signing out…' })).toBeDisabled(),
    },
  },
  drivers: {
    'user.signOutSession': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' })),
    'user.signOutOthers': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Sign out every other session' })),
    'user.confirm': ({ user, screen, snapshot }) =>
      user.click(
        dialog(screen).getByRole('button', {
          name: (snapshot as Snapshot).matches('confirmingSignOut') ? 'Sign out session' : 'Sign out other sessions',
        }),
      ),
    'user.cancel': ({ user, screen, snapshot }) =>
      user.click(
        dialog(screen).getByRole('button', {
          name: (snapshot as Snapshot).matches('confirmingSignOut') ? 'Keep it signed in' : 'Keep them signed in',
        }),
      ),
  },
});

function sessionsActor(calls: { signOutSession?: (sessionId: string) => Promise<void> } = {}) {
  const sessionsChanged = vi.fn();
  const signedOut: string[] = [];
  const actor = createActor(
    yourSessionsMachine.provide({
      actors: {
        signOutSession: fromPromise<void, { sessionId: string }>(async ({ input }) => {
          signedOut.push(input.sessionId);
          await calls.signOutSession?.(input.sessionId);
        }),
        signOutOtherSessions: fromPromise(async () => ({ signedOut: 2 })),
      },
      actions: { sessionsChanged },
    }),
  ).start();
  return { actor, sessionsChanged, signedOut };
}

describe('yourSessions machine', () => {
  it('signs out the chosen session only after the confirm, and has the list read again', async () => {
    const { actor, sessionsChanged, signedOut } = sessionsActor();
    actor.send({ type: 'user.signOutSession', session: phone });
    expect(signedOut).toEqual([]);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(signedOut).toEqual([phone.id]);
    expect(sessionsChanged).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context).toEqual({
      target: null,
      failure: null,
      notice: { kind: 'signedOutSession', session: phone },
    });
  });

  it('calls nothing when the person keeps the session', () => {
    const { actor, sessionsChanged, signedOut } = sessionsActor();
    actor.send({ type: 'user.signOutSession', session: phone });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(signedOut).toEqual([]);
    expect(sessionsChanged).not.toHaveBeenCalled();
  });

  it('shows the server’s reason for a refusal and still reads the list again (the session had ended)', async () => {
    const { actor, sessionsChanged } = sessionsActor({
      signOutSession: async () => {
        throw refused(ErrorCode.notFound, SessionMessage.sessionNotFound);
      },
    });
    actor.send({ type: 'user.signOutSession', session: phone });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context.failure?.message).toBe(SessionMessage.sessionNotFound);
    expect(sessionsChanged).toHaveBeenCalledOnce();
  });

  it('says how many other sessions were signed out', async () => {
    const { actor, sessionsChanged } = sessionsActor();
    actor.send({ type: 'user.signOutOthers' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context.notice).toEqual({ kind: 'signedOutOthers', count: 2 });
    expect(sessionsChanged).toHaveBeenCalledOnce();
  });

  it('starts each attempt without the last one’s outcome', async () => {
    const { actor } = sessionsActor();
    actor.send({ type: 'user.signOutOthers' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    actor.send({ type: 'user.signOutSession', session: laptop });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

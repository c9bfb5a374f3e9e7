import { within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { LinkedSignInMessage, type UnlinkSignInRequest } from '../../contract/linked-sign-ins';
import { type LinkedSignInsContext, linkedSignInsMachine } from '../../machines/linkedSignIns/linkedSignIns.machine';
import { unexplained } from '../../machines/support/refusal';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { company, google, linkedSignInsModel } from './linkedSignIns.cases';

const unlinkUnavailable = 'We could not unlink the sign-in right now. Please try again later.';
const knownMessages: Record<string, string> = {
  [LinkedSignInMessage.lastWayIn]: LinkedSignInMessage.lastWayIn,
};

beforeAll(() => {
  // jsdom lays nothing out, so the dialog's focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['drivers'][string]>>[0]['screen'];

const contextOf = (snapshot: unknown) => (snapshot as { context: LinkedSignInsContext }).context;
const dialog = (screen: Screen) => within(screen.getByRole('alertdialog'));

/** The list as the person sees it in every state: each sign-in named by its provider, each offered an unlink. */
function expectSignInsListed(screen: Screen) {
  const googleItem = within(screen.getByRole('article', { name: 'Google' }));
  expect(googleItem.getByText(google.email)).toBeVisible();
  expect(googleItem.getByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
  const companyItem = within(screen.getByRole('article', { name: 'Northwind' }));
  expect(companyItem.getByText('Not used since it was linked')).toBeVisible();
  expect(companyItem.getByRole('button', { name: 'Unlink Northwind' })).toBeInTheDocument();
}

describeModel('linkedSignIns', {
  machine: linkedSignInsMachine,
  ...linkedSignInsModel,
  states: {
    idle: {
      view: (screen, snapshot) => {
        const { failure, notice } = contextOf(snapshot);
        expectSignInsListed(screen);
        expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
        expect(screen.queryByRole('alertdialog')).toBeNull();
        if (failure)
          expect(screen.getByRole('alert')).toHaveTextContent(
            failure.message ? (knownMessages[failure.message] ?? failure.message) : unlinkUnavailable,
          );
        else expect(screen.queryByRole('alert')).toBeNull();
        if (notice) expect(screen.getByRole('status')).toHaveTextContent('Google sign-in was unlinked.');
        else expect(screen.queryByRole('status')).toBeNull();
      },
    },
    confirmingUnlink: {
      machine: (snapshot) => expect(contextOf(snapshot).target).toEqual(google),
      view: (screen) => {
        expect(dialog(screen).getByRole('heading', { name: 'Unlink Google?' })).toBeVisible();
        expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
          `You will no longer be able to sign in to your account with Google as ${google.email}.`,
        );
        expect(dialog(screen).getByRole('button', { name: 'Unlink' })).toBeEnabled();
      },
    },
    unlinking: {
      view: (screen) => {
        expect(dialog(screen).getByRole('button', { name: 'Unlinking…' })).toBeDisabled();
        expect(dialog(screen).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
    },
  },
  drivers: {
    'user.unlink': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Unlink Google' })),
    'user.confirm': ({ user, screen }) => user.click(dialog(screen).getByRole('button', { name: 'Unlink' })),
    'user.cancel': ({ user, screen }) => user.click(dialog(screen).getByRole('button', { name: 'Cancel' })),
  },
});

function linkedSignInsActor(calls: { unlinkSignIn?: (request: UnlinkSignInRequest) => Promise<void> } = {}) {
  const signInsChanged = vi.fn();
  const unlinked: UnlinkSignInRequest[] = [];
  const actor = createActor(
    linkedSignInsMachine.provide({
      actors: {
        unlinkSignIn: fromPromise<void, UnlinkSignInRequest>(async ({ input }) => {
          unlinked.push(input);
          await calls.unlinkSignIn?.(input);
        }),
      },
      actions: { signInsChanged },
    }),
  ).start();
  return { actor, signInsChanged, unlinked };
}

describe('linkedSignIns machine', () => {
  it('unlinks the chosen sign-in only after the confirm, and has the list read again', async () => {
    const { actor, signInsChanged, unlinked } = linkedSignInsActor();
    actor.send({ type: 'user.unlink', signIn: company });
    expect(unlinked).toEqual([]);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(unlinked).toEqual([{ provider: 'enterprise', subject: company.subject }]);
    expect(signInsChanged).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context).toEqual({
      target: null,
      failure: null,
      notice: { kind: 'unlinked', signIn: company },
    });
  });

  it('calls nothing when the person cancels', () => {
    const { actor, signInsChanged, unlinked } = linkedSignInsActor();
    actor.send({ type: 'user.unlink', signIn: google });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(unlinked).toEqual([]);
    expect(signInsChanged).not.toHaveBeenCalled();
  });

  it('shows the server’s reason for a refusal and still reads the list again (it changed meanwhile)', async () => {
    const { actor, signInsChanged } = linkedSignInsActor({
      unlinkSignIn: async () => {
        throw refused(ErrorCode.lastWayIn, LinkedSignInMessage.lastWayIn);
      },
    });
    actor.send({ type: 'user.unlink', signIn: google });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({
      target: null,
      failure: { message: LinkedSignInMessage.lastWayIn },
      notice: null,
    });
    expect(signInsChanged).toHaveBeenCalledOnce();
  });

  it('has no message of its own for a failure the server did not explain', async () => {
    const { actor } = linkedSignInsActor({
      unlinkSignIn: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    actor.send({ type: 'user.unlink', signIn: google });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context.failure).toEqual(unexplained);
  });

  it('starts each attempt without the last one’s outcome', async () => {
    const { actor } = linkedSignInsActor();
    actor.send({ type: 'user.unlink', signIn: google });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    actor.send({ type: 'user.unlink', signIn: company });
    expect(actor.getSnapshot().context).toEqual({ target: company, failure: null, notice: null });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import type { ProviderLinkResponse } from '../../contract/federated-sign-in';
import {
  type LinkConfirmationContext,
  linkConfirmationMachine,
} from '../../machines/linkConfirmation/linkConfirmation.machine';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { linkConfirmationModel, token } from './linkConfirmation.cases';
import { existingAccount, secondFactorRequired } from './signInCallback.cases';

const texts = {
  expired: 'This link has expired or was already used. Sign in with the provider again to link it to your account.',
  unavailable: 'We could not link this sign-in right now. Please try again later.',
};
const contextOf = (snapshot: unknown) => (snapshot as { context: LinkConfirmationContext }).context;

describeModel('linkConfirmation', {
  machine: linkConfirmationMachine,
  ...linkConfirmationModel,
  states: {
    asking: {
      view: (screen) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Link a sign-in to your account');
        expect(screen.getByRole('button', { name: 'Link and sign in' })).toBeEnabled();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
      },
    },
    confirming: {
      view: (screen) => expect(screen.getByRole('button', { name: 'Linking…' })).toBeDisabled(),
    },
    followingRedirect: {
      view: (screen) => expect(screen.getByRole('button', { name: 'Linking…' })).toBeDisabled(),
    },
    secondFactorRequired: {
      view: (screen) => expect(screen.getByRole('button', { name: 'Linking…' })).toBeDisabled(),
    },
    failed: {
      view: (screen, snapshot) => {
        const failureMessage = contextOf(snapshot).failure?.message;
        expect(screen.getByRole('alert')).toHaveTextContent(failureMessage ? texts.expired : texts.unavailable);
        // A refusal is final (a new sign-in starts over); a failure without a message can be tried again.
        if (failureMessage) expect(screen.queryByRole('button', { name: 'Link and sign in' })).toBeNull();
        else expect(screen.getByRole('button', { name: 'Link and sign in' })).toBeEnabled();
      },
    },
  },
  drivers: {
    'user.confirm': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Link and sign in' })),
  },
});

describe('linkConfirmation machine', () => {
  function confirming(answers: Array<() => Promise<ProviderLinkResponse>>) {
    const calls = { signedIn: vi.fn(), followRedirect: vi.fn(), goToSecondFactor: vi.fn(), sent: [] as unknown[] };
    const actor = createActor(
      linkConfirmationMachine.provide({
        actors: {
          confirmLink: fromPromise(async ({ input }) => {
            calls.sent.push(input);
            const answer = answers.shift();
            if (!answer) throw new Error('no more answers');
            return answer();
          }),
        },
        actions: {
          signedIn: (_, user) => calls.signedIn(user),
          followRedirect: (_, redirect) => calls.followRedirect(redirect),
          goToSecondFactor: () => calls.goToSecondFactor(),
        },
      }),
      { input: { token } },
    ).start();
    return { actor, calls };
  }

  it('sends the token only when the person confirms, then signs in and follows the redirect', async () => {
    const { actor, calls } = confirming([async () => existingAccount]);
    expect(calls.sent).toEqual([]);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('followingRedirect'));
    expect(calls.sent).toEqual([{ token }]);
    expect(calls.signedIn).toHaveBeenCalledExactlyOnceWith(existingAccount.user);
    expect(calls.followRedirect).toHaveBeenCalledExactlyOnceWith(existingAccount.redirect);
  });

  it('goes on to the second step of an account with an authenticator app, telling the session nothing yet', async () => {
    const { actor, calls } = confirming([async () => secondFactorRequired]);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('secondFactorRequired'));
    expect(calls.goToSecondFactor).toHaveBeenCalledOnce();
    expect(calls.signedIn).not.toHaveBeenCalled();
    expect(calls.followRedirect).not.toHaveBeenCalled();
  });

  it('tries again after a failure without a message, never after a refusal', async () => {
    const { actor, calls } = confirming([
      async () => {
        throw new Error('network down');
      },
      async () => {
        throw refused(ErrorCode.linkExpired, 'This link has expired or was already used.');
      },
    ]);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('failed'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('failed') && Boolean(state.context.failure?.message));
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(calls.sent).toHaveLength(2);
    expect(calls.signedIn).not.toHaveBeenCalled();
  });
});

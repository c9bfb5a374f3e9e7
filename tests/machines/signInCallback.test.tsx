import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { CompleteSignInResponse } from '../../contract/federated-sign-in';
import { type SignInCallbackInput, signInCallbackMachine } from '../../machines/signInCallback/signInCallback.machine';
import { SignInCallbackView } from '../../src/features/federated-sign-in/sign-in-callback.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { createdAccount, existingAccount, newcomer, signInCallbackCases } from './signInCallback.cases';

const answer = { code: 'code-from-provider', state: 'state-sent', iss: 'https://accounts.example' };
// The browser's languages name no region, so the location lookup decides.
const input: SignInCallbackInput = {
  provider: 'google',
  answer,
  browserRegion: null,
  phoneVerificationRegions: { US: 50 },
  phoneOfferWanted: true,
};
const unavailable = 'We could not sign you in right now. Please try again later.';

describeModel('signInCallback', {
  machine: signInCallbackMachine,
  input,
  cases: signInCallbackCases,
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.matches('refused') ? snapshot.context.failureMessage !== null : null]),
  states: {
    completing: {
      view: (screen) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Signing in');
        expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
      },
    },
    lookingUpRegion: {
      machine: (snapshot) => expect(snapshot.context).toMatchObject({ accountCreated: true, region: null }),
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Signing you in…'),
    },
    offeringPhone: {
      machine: (snapshot) => expect(snapshot.context.redirect).toBe(createdAccount.redirect),
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Signing you in…'),
    },
    followingRedirect: {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Signing you in…'),
    },
    refused: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          snapshot.context.failureMessage
            ? 'The provider has not confirmed that this e-mail address is yours'
            : unavailable,
        );
        expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
      },
    },
  },
  drivers: {},
  render: (snapshot) => (
    <TestI18n>
      <SignInCallbackView snapshot={snapshot} onNavigate={vi.fn()} />
    </TestI18n>
  ),
});

function completing(
  outcome: CompleteSignInResponse,
  overrides: Partial<SignInCallbackInput> = {},
  region: () => Promise<string | null> = async () => null,
) {
  const calls = { signedIn: vi.fn(), goToPhoneOffer: vi.fn(), followRedirect: vi.fn(), lookUpRegion: vi.fn(region) };
  const sent: unknown[] = [];
  const actor = createActor(
    signInCallbackMachine.provide({
      actors: {
        completeSignIn: fromPromise(async ({ input: request }) => {
          sent.push(request);
          return outcome;
        }),
        lookUpRegion: fromPromise(() => calls.lookUpRegion()),
      },
      actions: {
        signedIn: (_, user) => calls.signedIn(user),
        goToPhoneOffer: (_, redirect) => calls.goToPhoneOffer(redirect),
        followRedirect: (_, redirect) => calls.followRedirect(redirect),
      },
    }),
    { input: { ...input, ...overrides } },
  ).start();
  return { actor, calls, sent };
}

/** The machine has left for the phone offer or the redirect, or shows why it did not. */
const left = (state: SnapshotFrom<typeof signInCallbackMachine>) =>
  state.matches('offeringPhone') || state.matches('followingRedirect') || state.matches('refused');

describe('signInCallback machine', () => {
  it("hands the provider's answer on, tells the session, and offers the phone in the browser's region", async () => {
    const { actor, calls, sent } = completing(createdAccount, { browserRegion: 'US' });
    await waitFor(actor, left);
    expect(sent).toEqual([{ provider: 'google', answer }]);
    expect(calls.signedIn).toHaveBeenCalledExactlyOnceWith(newcomer);
    expect(calls.lookUpRegion).not.toHaveBeenCalled();
    expect(calls.goToPhoneOffer).toHaveBeenCalledExactlyOnceWith(createdAccount.redirect);
    expect(calls.followRedirect).not.toHaveBeenCalled();
  });

  it('asks the location lookup only when the browser names no region', async () => {
    const { actor, calls } = completing(createdAccount, {}, async () => 'US');
    await waitFor(actor, left);
    expect(calls.lookUpRegion).toHaveBeenCalledOnce();
    expect(calls.goToPhoneOffer).toHaveBeenCalledOnce();
  });

  it.each([
    ['the account existed before', existingAccount, {}],
    ['the account has a phone', { ...createdAccount, user: { ...newcomer, phone: '+12025550123' } }, {}],
    ['the region is not configured', createdAccount, { browserRegion: 'DE' }],
    ['the local flag does not ask for it', createdAccount, { browserRegion: 'US', phoneOfferWanted: false }],
  ] as const)('follows the redirect without the offer when %s', async (_, outcome, overrides) => {
    const { actor, calls } = completing(outcome, overrides);
    await waitFor(actor, left);
    expect(calls.goToPhoneOffer).not.toHaveBeenCalled();
    expect(calls.followRedirect).toHaveBeenCalledExactlyOnceWith(outcome.redirect);
  });
});

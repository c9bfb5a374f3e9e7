import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { CompleteSignInResponse, ProviderLinkResponse } from '../../contract/federated-sign-in';
import {
  type SignInCallbackContext,
  type SignInCallbackInput,
  signInCallbackMachine,
} from '../../machines/signInCallback/signInCallback.machine';
import { describeModel } from '../support/model-based';
import {
  answer,
  createdAccount,
  existingAccount,
  input,
  linkToPasswordAccount,
  linkToProviderAccount,
  newcomer,
  secondFactorRequired,
  signInCallbackModel,
} from './signInCallback.cases';

const unavailable = 'We could not sign you in right now. Please try again later.';
const linkTexts = {
  unavailable: 'We could not link this sign-in right now. Please try again later.',
  passwordIncorrect: 'That is not the password of this account. Try again, or have a link sent to your e-mail address.',
  expired: 'This link has expired or was already used. Sign in with the provider again to link it to your account.',
  mailed: 'We sent a link to your e-mail address. Open it within 30 minutes to link this sign-in to your account.',
};

type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['states'][string]['view']>>[0];
const contextOf = (snapshot: unknown) => (snapshot as { context: SignInCallbackContext }).context;

/** The consent page, in every state of it: the address, the provider, and the way back. */
function expectConsentAsked(screen: Screen, snapshot: unknown) {
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Link your Google sign-in');
  expect(screen.getByText(/You already have an account with the address/)).toHaveTextContent('individual@example.com');
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  const { linkFailure } = contextOf(snapshot);
  if (linkFailure === null) expect(screen.queryByRole('alert')).toBeNull();
  else
    expect(screen.getByRole('alert')).toHaveTextContent(
      linkFailure.message === null
        ? linkTexts.unavailable
        : linkFailure.message.startsWith('That is not')
          ? linkTexts.passwordIncorrect
          : linkTexts.expired,
    );
}

describeModel('signInCallback', {
  machine: signInCallbackMachine,
  ...signInCallbackModel,
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
    secondFactorRequired: {
      // No session yet: the person goes on to the second step.
      machine: (snapshot) => expect(snapshot.context.user).toBeNull(),
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Signing you in…'),
    },
    'linking.askingConsent': {
      view: (screen, snapshot) => {
        expectConsentAsked(screen, snapshot);
        const { link, password } = contextOf(snapshot);
        if (link?.passwordSet) {
          expect(screen.getByLabelText('Password of your account')).toHaveValue(password);
          const submit = screen.getByRole('button', { name: 'Link and sign in' });
          if (password === '') expect(submit).toBeDisabled();
          else expect(submit).toBeEnabled();
          expect(screen.getByRole('button', { name: 'E-mail me a link instead' })).toBeEnabled();
        } else {
          expect(screen.queryByLabelText('Password of your account')).toBeNull();
          expect(screen.getByText(/Your account has no password/)).toBeVisible();
          expect(screen.getByRole('button', { name: 'E-mail me a link' })).toBeEnabled();
        }
      },
    },
    'linking.checkingPassword': {
      view: (screen, snapshot) => {
        expectConsentAsked(screen, snapshot);
        expect(screen.getByRole('button', { name: 'Linking…' })).toBeDisabled();
        expect(screen.getByLabelText('Password of your account')).toBeDisabled();
      },
    },
    'linking.mailingLink': {
      view: (screen, snapshot) => {
        expectConsentAsked(screen, snapshot);
        expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
      },
    },
    'linking.linkMailed': {
      view: (screen, snapshot) => {
        expectConsentAsked(screen, snapshot);
        expect(screen.getByRole('status')).toHaveTextContent(linkTexts.mailed);
        expect(screen.queryByLabelText('Password of your account')).toBeNull();
        expect(screen.getByRole('button', { name: 'Send another link' })).toBeEnabled();
      },
    },
    refused: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          snapshot.context.failure?.message
            ? 'The provider has not confirmed that this e-mail address is yours'
            : unavailable,
        );
        expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
      },
    },
  },
  drivers: {
    'user.changePassword': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Password of your account'), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.linkWithPassword': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Link and sign in' })),
    'user.mailLink': ({ user, screen }) =>
      user.click(
        screen.getByRole('button', { name: /^(E-mail me a link|E-mail me a link instead|Send another link)$/ }),
      ),
  },
});

function completing(
  outcome: CompleteSignInResponse,
  overrides: Partial<SignInCallbackInput> = {},
  region: () => Promise<string | null> = async () => null,
) {
  const calls = {
    signedIn: vi.fn(),
    goToPhoneOffer: vi.fn(),
    followRedirect: vi.fn(),
    goToSecondFactor: vi.fn(),
    lookUpRegion: vi.fn(region),
  };
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
        goToSecondFactor: () => calls.goToSecondFactor(),
      },
    }),
    { input: { ...input, ...overrides } },
  ).start();
  return { actor, calls, sent };
}

/** The machine has left for the phone offer or the redirect, or shows why it did not. */
const left = (state: SnapshotFrom<typeof signInCallbackMachine>) =>
  state.matches('offeringPhone') ||
  state.matches('followingRedirect') ||
  state.matches('secondFactorRequired') ||
  state.matches('refused');

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

  it('asks the owner of an existing account to consent, and signs in once the password links it', async () => {
    const { actor, calls } = completing(linkToPasswordAccount, { browserRegion: 'US' });
    await waitFor(actor, (state) => state.matches('linking'));
    expect(calls.signedIn).not.toHaveBeenCalled();
    const linked: unknown[] = [];
    const linking = createActor(
      signInCallbackMachine.provide({
        actors: {
          completeSignIn: fromPromise(async (): Promise<CompleteSignInResponse> => linkToPasswordAccount),
          linkWithPassword: fromPromise(async ({ input: consent }) => {
            linked.push(consent);
            return existingAccount;
          }),
        },
        actions: { signedIn: (_, user) => calls.signedIn(user), followRedirect: (_, to) => calls.followRedirect(to) },
      }),
      { input },
    ).start();
    await waitFor(linking, (state) => state.matches('linking'));
    linking.send({ type: 'user.linkWithPassword' });
    expect(linking.getSnapshot().matches({ linking: 'askingConsent' })).toBe(true);
    linking.send({ type: 'user.changePassword', value: 'individual-password-1' });
    linking.send({ type: 'user.linkWithPassword' });
    await waitFor(linking, left);
    expect(linked).toEqual([{ password: 'individual-password-1' }]);
    expect(linking.getSnapshot().context.password).toBe('');
    expect(calls.signedIn).toHaveBeenCalledExactlyOnceWith(existingAccount.user);
    expect(calls.followRedirect).toHaveBeenCalledExactlyOnceWith(existingAccount.redirect);
  });

  it('goes on to the second step of an account with an authenticator app, telling the session nothing yet', async () => {
    const { actor, calls } = completing(secondFactorRequired, { browserRegion: 'US' });
    await waitFor(actor, left);
    expect(actor.getSnapshot().value).toBe('secondFactorRequired');
    expect(calls.goToSecondFactor).toHaveBeenCalledOnce();
    expect(calls.signedIn).not.toHaveBeenCalled();
    expect(calls.followRedirect).not.toHaveBeenCalled();
    expect(calls.goToPhoneOffer).not.toHaveBeenCalled();
  });

  it('goes on to the second step after the password consents to the link', async () => {
    const goToSecondFactor = vi.fn();
    const signedIn = vi.fn();
    const linking = createActor(
      signInCallbackMachine.provide({
        actors: {
          completeSignIn: fromPromise(async (): Promise<CompleteSignInResponse> => linkToPasswordAccount),
          linkWithPassword: fromPromise(async (): Promise<ProviderLinkResponse> => secondFactorRequired),
        },
        actions: { signedIn: (_, user) => signedIn(user), goToSecondFactor },
      }),
      { input },
    ).start();
    await waitFor(linking, (state) => state.matches('linking'));
    linking.send({ type: 'user.changePassword', value: 'individual-password-1' });
    linking.send({ type: 'user.linkWithPassword' });
    await waitFor(linking, left);
    expect(linking.getSnapshot().value).toBe('secondFactorRequired');
    expect(linking.getSnapshot().context.password).toBe('');
    expect(goToSecondFactor).toHaveBeenCalledOnce();
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('offers no password consent to an account that has none', async () => {
    const { actor } = completing(linkToProviderAccount);
    await waitFor(actor, (state) => state.matches('linking'));
    actor.send({ type: 'user.changePassword', value: 'a guess' });
    actor.send({ type: 'user.linkWithPassword' });
    expect(actor.getSnapshot().matches({ linking: 'askingConsent' })).toBe(true);
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

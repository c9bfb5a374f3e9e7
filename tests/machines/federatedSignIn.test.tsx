import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { AuthMessage } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { FederatedSignInMessage, type ProviderId, type SignInProvider } from '../../contract/federated-sign-in';
import { federatedSignInMachine, type StartedSignIn } from '../../machines/federatedSignIn/federatedSignIn.machine';
import { FederatedSignInView } from '../../src/features/federated-sign-in/federated-sign-in.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { authorizationUrl, federatedSignInModel, providers } from './federatedSignIn.cases';

const unavailable = 'We could not sign you in right now. Please try again later.';

describeModel('federatedSignIn', {
  machine: federatedSignInMachine,
  ...federatedSignInModel,
  states: {
    choosing: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBeEnabled();
        if (snapshot.context.failure) {
          expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure.message ?? unavailable);
        } else expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    startingProviderSignIn: {
      machine: (snapshot) => expect(snapshot.context.provider).toBe('google'),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Continuing with Google…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBeDisabled();
      },
    },
    enteringWorkEmail: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { name: 'Sign in with your company account' })).toBeVisible();
        expect(screen.getByLabelText('Work e-mail address')).toHaveValue(snapshot.context.workEmail);
        expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
        if (snapshot.context.workEmailError) expect(screen.getByText(AuthMessage.emailInvalid)).toBeVisible();
        if (snapshot.context.failure) {
          expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure.message ?? unavailable);
        } else expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    findingCompany: {
      machine: (snapshot) => expect(snapshot.context.workEmail).toBe('casey@northwind.example'),
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Finding your company…' })).toBeDisabled();
        expect(screen.getByLabelText('Work e-mail address')).toBeDisabled();
      },
    },
    leavingForProvider: {
      machine: (snapshot) => expect(snapshot.context.authorizationUrl).toBe(authorizationUrl),
      view: (screen, snapshot) => {
        const busyLabel = snapshot.context.provider ? 'Continuing with Google…' : 'Finding your company…';
        expect(screen.getByRole('button', { name: busyLabel })).toBeDisabled();
      },
    },
  },
  drivers: {
    'user.chooseProvider': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Continue with Google' })),
    'user.chooseCompany': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Sign in with your company account' })),
    'user.changeWorkEmail': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Work e-mail address'), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.continueWithCompany': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Continue' })),
    'user.cancelCompany': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Back' })),
  },
});

function signingInWith(starts: {
  provider?: (input: { provider: ProviderId; redirect?: string }) => Promise<StartedSignIn>;
  company?: (input: { email: string; redirect?: string }) => Promise<StartedSignIn>;
}) {
  const goToProvider = vi.fn();
  const never = () => new Promise<StartedSignIn>(() => {});
  const actor = createActor(
    federatedSignInMachine.provide({
      actors: {
        startProviderSignIn: fromPromise(({ input }) => (starts.provider ?? never)(input)),
        startCompanySignIn: fromPromise(({ input }) => (starts.company ?? never)(input)),
      },
      actions: { goToProvider: ({ context }) => goToProvider(context.authorizationUrl) },
    }),
    { input: { redirect: '/billing?referenceId=sub-1' } },
  ).start();
  return { actor, goToProvider };
}

describe('federatedSignIn machine', () => {
  it('starts the chosen provider with the redirect, and leaves for its address once', async () => {
    const sent: unknown[] = [];
    const { actor, goToProvider } = signingInWith({
      provider: async (input) => {
        sent.push(input);
        return { authorizationUrl };
      },
    });
    actor.send({ type: 'user.chooseProvider', provider: 'google' });
    await waitFor(actor, (state) => state.matches('leavingForProvider'));
    expect(sent).toEqual([{ provider: 'google', redirect: '/billing?referenceId=sub-1' }]);
    expect(goToProvider).toHaveBeenCalledExactlyOnceWith(authorizationUrl);
  });

  it('sends the work address trimmed, and keeps it to correct when the domain is unknown', async () => {
    const sent: unknown[] = [];
    const { actor, goToProvider } = signingInWith({
      company: async (input) => {
        sent.push(input);
        throw refused(ErrorCode.unknownDomain, FederatedSignInMessage.unknownDomain);
      },
    });
    actor.send({ type: 'user.chooseCompany' });
    actor.send({ type: 'user.changeWorkEmail', value: ' sam@elsewhere.example ' });
    actor.send({ type: 'user.continueWithCompany' });
    await waitFor(actor, (state) => state.matches('enteringWorkEmail') && state.context.failure !== null);
    expect(sent).toEqual([{ email: 'sam@elsewhere.example', redirect: '/billing?referenceId=sub-1' }]);
    expect(actor.getSnapshot().context).toMatchObject({
      workEmail: ' sam@elsewhere.example ',
      failure: { message: FederatedSignInMessage.unknownDomain },
    });
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('checks the work address before calling', () => {
    let [snapshot] = initialTransition(federatedSignInMachine, {});
    for (const event of [
      { type: 'user.chooseCompany' },
      { type: 'user.changeWorkEmail', value: 'casey' },
      { type: 'user.continueWithCompany' },
    ] as const)
      [snapshot] = transition(federatedSignInMachine, snapshot, event);
    expect(snapshot.value).toBe('enteringWorkEmail');
    expect(snapshot.context.workEmailError).toBe(AuthMessage.emailInvalid);
  });
});

describe('federatedSignIn view', () => {
  const [choosing] = initialTransition(federatedSignInMachine, {});
  const renderWith = (shown: SignInProvider[]) =>
    render(
      <TestI18n>
        <FederatedSignInView snapshot={choosing} send={vi.fn()} providers={shown} />
      </TestI18n>,
    );

  it('shows nothing when no provider is configured', () => {
    const { container } = renderWith([]);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a button per configured provider only', () => {
    renderWith([{ id: 'microsoft', name: 'Microsoft' }]);
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with your company account' })).toBeNull();
  });

  it('words a refusal that came without a message itself', () => {
    let [snapshot] = initialTransition(federatedSignInMachine, {});
    for (const event of [
      { type: 'user.chooseProvider', provider: 'google' },
      { type: 'xstate.error.actor.startProviderSignIn', error: new Error('offline'), actorId: 'startProviderSignIn' },
    ])
      [snapshot] = transition(federatedSignInMachine, snapshot, event as never);
    render(
      <TestI18n>
        <FederatedSignInView snapshot={snapshot} send={vi.fn()} providers={providers} />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(unavailable);
  });
});

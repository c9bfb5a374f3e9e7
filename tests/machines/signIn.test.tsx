import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { LoginResponse } from '../../contract/auth';
import { fieldErrorsOf, signInMachine } from '../../machines/signIn/signIn.machine';
import { SignInView } from '../../src/features/sign-in/sign-in.view';
import { TestI18n } from '../support/i18n';
import { type Driver, describeModel } from '../support/model-based';
import { sampleClaims, signInCases } from './signIn.cases';

type Machine = typeof signInMachine;

/** Sets a field the way a person's typing ends: a change event with the whole value. */
function changeField(label: string, exact = false): Driver<Machine> {
  return async ({ screen, event }) => {
    const input = screen.getByLabelText(label, { exact }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'value' in event ? event.value : '' } });
  };
}

describeModel('signIn', {
  machine: signInMachine,
  input: {},
  cases: signInCases,
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.status,
      snapshot.context.failure,
      Object.keys(fieldErrorsOf(snapshot.context)).sort(),
      Object.keys(snapshot.context.fieldErrors)
        .filter((key) => snapshot.context.fieldErrors[key as 'email'] !== undefined)
        .sort(),
    ]),
  states: {
    editing: {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      },
    },
    invalid: {
      machine: (snapshot) =>
        expect(Object.values(snapshot.context.fieldErrors).filter(Boolean).length).toBeGreaterThan(0),
      view: (screen, snapshot) => {
        if (snapshot.context.fieldErrors.email)
          expect(screen.getByText('The E-Mail address provided is invalid')).toBeVisible();
        if (snapshot.context.fieldErrors.password) expect(screen.getByText('Password is required')).toBeVisible();
      },
    },
    submitting: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Signing in…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('E-Mail')).toBeDisabled();
      },
    },
    failure: {
      machine: (snapshot) => {
        expect(snapshot.context.failure).not.toBeNull();
        expect(snapshot.context.password).toBe('');
      },
      view: (screen, snapshot) => {
        const messages = {
          invalidCredentials: 'The e-mail address or password is incorrect.',
          rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
          unavailable: 'We could not sign you in right now. Please try again later.',
        } as const;
        const failure: keyof typeof messages = snapshot.context.failure ?? 'unavailable';
        expect(screen.getByRole('alert')).toHaveTextContent(messages[failure]);
      },
    },
    success: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible(),
    },
    secondFactorRequired: {
      machine: (snapshot) => {
        expect(snapshot.status).toBe('done');
        expect(snapshot.context.password).toBe('');
      },
      // The page is left for the second step: nothing to press meanwhile.
      view: (screen) => expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled(),
    },
  },
  drivers: {
    'user.changeEmail': changeField('E-Mail'),
    'user.changePassword': changeField('Password', true),
    'user.submit': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Sign in' })),
  },
  render: (snapshot, send) => (
    <TestI18n>
      <SignInView
        snapshot={snapshot}
        send={send}
        forgotPasswordLink={<a href="/password/forgot">Forgot password?</a>}
        createAccountLink={<a href="/create">Create account</a>}
      />
    </TestI18n>
  ),
});

describe('signIn machine', () => {
  it('starts with the login hint in the e-mail field', () => {
    const [snapshot] = initialTransition(signInMachine, { email: 'hint@example.com' });
    expect(snapshot.context.email).toBe('hint@example.com');
  });

  it('does not submit an invalid form, and says which fields are wrong', () => {
    let [snapshot] = initialTransition(signInMachine, {});
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.changeEmail', value: 'nope' });
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.submit' });
    expect(snapshot.value).toBe('invalid');
    expect(snapshot.context.fieldErrors).toEqual({
      email: 'The E-Mail address provided is invalid',
      password: 'Password is required',
    });
  });

  it('clears a field error as soon as that field changes', () => {
    let [snapshot] = initialTransition(signInMachine, {});
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.submit' });
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.changePassword', value: 'x' });
    expect(snapshot.context.fieldErrors.password).toBeUndefined();
    expect(snapshot.context.fieldErrors.email).toBeDefined();
  });
});

describe('signIn hand-over to the second step', () => {
  function signingIn(answer: LoginResponse) {
    const calls = { completeSignIn: vi.fn(), askForSecondFactor: vi.fn() };
    const actor = createActor(
      signInMachine.provide({
        actors: { signIn: fromPromise(async () => answer) },
        actions: {
          completeSignIn: (_, user) => calls.completeSignIn(user),
          askForSecondFactor: () => calls.askForSecondFactor(),
        },
      }),
      { input: { email: 'sam@example.com' } },
    ).start();
    actor.send({ type: 'user.changePassword', value: 'correct horse battery' });
    actor.send({ type: 'user.submit' });
    return { actor, calls };
  }

  it('asks for the second step, and tells the session nothing yet', async () => {
    const { actor, calls } = signingIn({ outcome: 'secondFactorRequired', methods: ['authenticatorApp'] });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('secondFactorRequired');
    expect(actor.getSnapshot().context.password).toBe('');
    expect(calls.askForSecondFactor).toHaveBeenCalledOnce();
    expect(calls.completeSignIn).not.toHaveBeenCalled();
  });

  it('signs in at once an account without a second step', async () => {
    const { actor, calls } = signingIn({ outcome: 'signedIn', user: sampleClaims });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.completeSignIn).toHaveBeenCalledExactlyOnceWith(sampleClaims);
    expect(calls.askForSecondFactor).not.toHaveBeenCalled();
  });
});

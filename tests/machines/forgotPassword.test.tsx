import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { PasswordMessage } from '../../contract/password';
import { forgotPasswordMachine } from '../../machines/forgotPassword/forgotPassword.machine';
import { ForgotPasswordView } from '../../src/features/forgot-password/forgot-password.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { forgotPasswordModel } from './forgotPassword.cases';

const neutral =
  'If this address is on record, a link to reset your password is on its way and should arrive within minutes.';
const tryLater = 'We could not send the reset link right now. Please try again later or contact support.';

describeModel('forgotPassword', {
  machine: forgotPasswordMachine,
  ...forgotPasswordModel,
  states: {
    editing: {
      view: (screen) => expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled(),
    },
    invalid: {
      machine: (snapshot) => expect(snapshot.context.fieldErrors.email).toBeDefined(),
      view: (screen) => expect(screen.getByText('The E-Mail address provided is invalid')).toBeVisible(),
    },
    sending: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Sending…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('E-Mail')).toBeDisabled();
      },
    },
    failure: {
      machine: (snapshot) => expect(snapshot.context.failure).toBe('unavailable'),
      view: (screen) => {
        const alert = screen.getByRole('alert');
        expect(alert).toHaveTextContent(tryLater);
        expect(alert).toHaveTextContent('support@example.com');
        expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
          'href',
          'mailto:support@example.com',
        );
      },
    },
    sent: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(neutral);
        expect(screen.queryByLabelText('E-Mail')).toBeNull();
        expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
      },
    },
  },
  drivers: {
    'user.changeEmail': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'value' in event ? event.value : '' } });
    },
    'user.submit': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Send reset link' })),
  },
});

describe('forgotPassword machine', () => {
  it('starts with the e-mail from the link', () => {
    const [snapshot] = initialTransition(forgotPasswordMachine, { email: 'sam@example.com' });
    expect(snapshot.context.email).toBe('sam@example.com');
  });

  it('refuses an empty or malformed address without calling the server', () => {
    let [snapshot] = initialTransition(forgotPasswordMachine, {});
    [snapshot] = transition(forgotPasswordMachine, snapshot, { type: 'user.submit' });
    expect(snapshot.value).toBe('invalid');
    expect(snapshot.context.fieldErrors).toEqual({ email: 'The E-Mail address provided is invalid' });
  });

  it('sends the typed address and ends with the neutral answer', async () => {
    const calls: string[] = [];
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestPasswordReset: fromPromise(async ({ input }) => {
            calls.push(input.email);
          }),
        },
      }),
      { input: { email: 'sam@example.com' } },
    ).start();
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(calls).toEqual(['sam@example.com']);
  });

  it('lets the person try again after a failure', async () => {
    let attempts = 0;
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestPasswordReset: fromPromise(async () => {
            attempts += 1;
            if (attempts === 1) throw new Error('503');
          }),
        },
      }),
      { input: { email: 'sam@example.com' } },
    ).start();
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('failure'));
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(attempts).toBe(2);
  });
});

describe('forgotPassword view', () => {
  it('uses the contract’s neutral answer as its English text', () => {
    expect(neutral).toBe(PasswordMessage.resetRequested);
    const [initial] = initialTransition(forgotPasswordMachine, { email: 'sam@example.com' });
    const [sending] = transition(forgotPasswordMachine, initial, { type: 'user.submit' });
    const [sent] = transition(forgotPasswordMachine, sending, {
      type: 'xstate.done.actor.requestPasswordReset',
      output: undefined,
      actorId: 'requestPasswordReset',
    } as never);
    render(
      <TestI18n>
        <ForgotPasswordView snapshot={sent} send={() => {}} supportEmail="s@example.com" signInLink={null} />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(PasswordMessage.resetRequested);
  });

  it('labels the e-mail field for autofill and keeps addresses left-to-right', () => {
    const [snapshot] = initialTransition(forgotPasswordMachine, { email: 'sam@example.com' });
    render(
      <TestI18n>
        <ForgotPasswordView snapshot={snapshot} send={() => {}} supportEmail="s@example.com" signInLink={null} />
      </TestI18n>,
    );
    const field = screen.getByLabelText('E-Mail');
    expect(field).toHaveValue('sam@example.com');
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(field).toHaveAttribute('dir', 'ltr');
  });
});

import { setupI18n } from '@lingui/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasswordMessage, type ResetPasswordRequest, type ResetTokenStatus } from '../../contract/password';
import { type ResetPasswordContext, resetPasswordMachine } from '../../machines/resetPassword/resetPassword.machine';
import { failureMessages } from '../../src/features/reset-password/reset-password.messages';
import { ResetPasswordView } from '../../src/features/reset-password/reset-password.view';
import { TestI18n } from '../support/i18n';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { resetPasswordModel, signInProviders, token } from './resetPassword.cases';

type Machine = typeof resetPasswordMachine;
type Screen = typeof screen;
const unlinkLabel = 'Also remove the sign-ins linked to your account: Google and Microsoft';
const unlinkHint = 'Do this if you did not link them yourself: nobody can then sign in with them.';
const signInsRemoved = 'The sign-ins linked to your account were removed.';

/** The box shows only where sign-ins are linked, ticked as the machine says (issue 21). */
function expectUnlinkChoice(screen: Screen, snapshot: { context: ResetPasswordContext }, { disabled = false } = {}) {
  const { linkedProviders, unlinkSignIns } = snapshot.context;
  if (linkedProviders.length === 0) {
    expect(screen.queryByRole('checkbox')).toBeNull();
    return;
  }
  const box = screen.getByRole('checkbox', { name: unlinkLabel });
  expect(box).toHaveAccessibleDescription(unlinkHint);
  if (unlinkSignIns) expect(box).toBeChecked();
  else expect(box).not.toBeChecked();
  if (disabled) expect(box).toBeDisabled();
  else expect(box).toBeEnabled();
}

/** Sets a field the way a person's typing ends: a change event with the whole value. */
function changeField(label: string): Driver<Machine> {
  return async ({ screen, event }) => {
    fireEvent.change(screen.getByLabelText(label), { target: { value: 'value' in event ? event.value : '' } });
  };
}

describeModel('resetPassword', {
  machine: resetPasswordMachine,
  ...resetPasswordModel,
  states: {
    '': {
      // Only a box that was offered can be ticked.
      machine: (snapshot) => {
        if (snapshot.context.unlinkSignIns) expect(snapshot.context.linkedProviders.length).toBeGreaterThan(0);
      },
    },
    checkingLink: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('status')).toHaveTextContent('Checking your link…');
        expect(screen.queryByLabelText('New password')).toBeNull();
      },
    },
    checkFailed: {
      machine: (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('We could not check your link right now.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
    },
    invalidLink: {
      machine: (snapshot) => {
        expect(snapshot.status).toBe('done');
        expect(snapshot.context.failure).toBe('invalidLink');
      },
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          'Password reset link is invalid. Please request a new one.',
        );
        expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
          'href',
          '/password/forgot',
        );
        expect(screen.queryByLabelText('New password')).toBeNull();
      },
    },
    editing: {
      view: (screen, snapshot) => {
        expect(screen.getByLabelText('New password')).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
        expectUnlinkChoice(screen, snapshot);
      },
    },
    invalid: {
      machine: (snapshot) =>
        expect(Object.values(snapshot.context.fieldErrors).filter(Boolean).length).toBeGreaterThan(0),
      view: (screen, snapshot) => {
        // The keys are the spec's English texts, which the test catalog shows as they are.
        for (const message of Object.values(snapshot.context.fieldErrors as Record<string, string | undefined>))
          if (message) expect(screen.getByText(message)).toBeVisible();
        expectUnlinkChoice(screen, snapshot);
      },
    },
    resetting: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen, snapshot) => {
        const button = screen.getByRole('button', { name: 'Saving…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('New password')).toBeDisabled();
        expectUnlinkChoice(screen, snapshot, { disabled: true });
      },
    },
    failure: {
      machine: (snapshot) => {
        expect(['unavailable', 'passwordTooCommon']).toContain(snapshot.context.failure);
        // The form stays filled in, so trying again is one click.
        expect(snapshot.context.password).not.toBe('');
      },
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          snapshot.context.failure === 'passwordTooCommon'
            ? 'This password is one of the most common ones. Please choose another.'
            : 'Unable to reset password.',
        );
        expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
        expectUnlinkChoice(screen, snapshot);
      },
    },
    done: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen, snapshot) => {
        const status = screen.getByRole('status');
        expect(status).toHaveTextContent('Password Changed');
        if (snapshot.context.unlinkSignIns) expect(status).toHaveTextContent(signInsRemoved);
        else expect(status).not.toHaveTextContent(signInsRemoved);
      },
    },
  },
  drivers: {
    'user.changePassword': changeField('New password'),
    'user.changeRepeatPassword': changeField('Repeat new password'),
    'user.submit': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Set new password' })),
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    // By keyboard: the box is reached and ticked without a pointer.
    'user.toggleUnlinkSignIns': async ({ user, screen }) => {
      screen.getByRole('checkbox', { name: unlinkLabel }).focus();
      await user.keyboard(' ');
    },
  },
});

function typed(password: string, repeatPassword: string) {
  let [snapshot] = initialTransition(resetPasswordMachine, { token });
  [snapshot] = transition(resetPasswordMachine, snapshot, {
    type: 'xstate.done.actor.checkResetToken',
    output: { valid: true, linkedProviders: [] },
    actorId: 'checkResetToken',
  } as never);
  [snapshot] = transition(resetPasswordMachine, snapshot, { type: 'user.changePassword', value: password });
  [snapshot] = transition(resetPasswordMachine, snapshot, { type: 'user.changeRepeatPassword', value: repeatPassword });
  return transition(resetPasswordMachine, snapshot, { type: 'user.submit' })[0];
}

describe('resetPassword machine', () => {
  it('asks for a password, at least 8 characters, typed the same twice', () => {
    expect(typed('', '').context.fieldErrors).toEqual({ password: 'Password is required' });
    expect(typed('short', 'short').context.fieldErrors).toEqual({ password: 'Please use at least 8 characters.' });
    expect(typed('a fresh password', 'a fresh passwort').context.fieldErrors).toEqual({
      repeatPassword: "Password doesn't match",
    });
    expect(typed('a fresh password', 'a fresh password').value).toBe('resetting');
  });

  it('sends the link’s token with the new password, then completes', async () => {
    const sent: unknown[] = [];
    let completed = false;
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: {
          checkResetToken: fromPromise<ResetTokenStatus, { token: string }>(async () => ({
            valid: true,
            linkedProviders: [],
          })),
          resetPassword: fromPromise<void, ResetPasswordRequest>(async ({ input }) => {
            sent.push(input);
          }),
        },
        actions: {
          completeReset: () => {
            completed = true;
          },
        },
      }),
      { input: { token } },
    ).start();
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'user.changePassword', value: 'a fresh password' });
    actor.send({ type: 'user.changeRepeatPassword', value: 'a fresh password' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(sent).toEqual([{ token, password: 'a fresh password' }]);
    expect(completed).toBe(true);
  });

  it('shows the invalid link when the server refuses the token on submit', async () => {
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: {
          checkResetToken: fromPromise<ResetTokenStatus, { token: string }>(async () => ({
            valid: true,
            linkedProviders: [],
          })),
          resetPassword: fromPromise<void, ResetPasswordRequest>(async () => {
            throw refused(ErrorCode.invalidResetToken, 'Password reset link is invalid. Please request a new one.');
          }),
        },
      }),
      { input: { token } },
    ).start();
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'user.changePassword', value: 'a fresh password' });
    actor.send({ type: 'user.changeRepeatPassword', value: 'a fresh password' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('invalidLink');
  });

  it('checks the link again after a failed check', async () => {
    let checks = 0;
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: {
          checkResetToken: fromPromise<ResetTokenStatus, { token: string }>(async () => {
            checks += 1;
            if (checks === 1) throw new TypeError('Failed to fetch');
            return { valid: true, linkedProviders: [] };
          }),
        },
      }),
      { input: { token } },
    ).start();
    await waitFor(actor, (state) => state.matches('checkFailed'));
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (state) => state.matches('editing'));
    expect(checks).toBe(2);
  });

  it('sends the unlinking choice only where it was offered', async () => {
    async function sentWith(linkedProviders: ResetTokenStatus['linkedProviders'], toggles: number) {
      const sent: ResetPasswordRequest[] = [];
      const actor = createActor(
        resetPasswordMachine.provide({
          actors: {
            checkResetToken: fromPromise<ResetTokenStatus, { token: string }>(async () => ({
              valid: true,
              linkedProviders,
            })),
            resetPassword: fromPromise<void, ResetPasswordRequest>(async ({ input }) => {
              sent.push(input);
            }),
          },
        }),
        { input: { token } },
      ).start();
      await waitFor(actor, (state) => state.matches('editing'));
      expect(actor.getSnapshot().context.linkedProviders).toEqual(linkedProviders);
      for (let toggle = 0; toggle < toggles; toggle += 1) actor.send({ type: 'user.toggleUnlinkSignIns' });
      actor.send({ type: 'user.changePassword', value: 'a fresh password' });
      actor.send({ type: 'user.changeRepeatPassword', value: 'a fresh password' });
      actor.send({ type: 'user.submit' });
      await waitFor(actor, (state) => state.status === 'done');
      return sent;
    }
    const password = 'a fresh password';
    expect(await sentWith(['google'], 1)).toEqual([{ token, password, unlinkSignIns: true }]);
    expect(await sentWith(['google'], 2)).toEqual([{ token, password, unlinkSignIns: false }]);
    // Nothing linked, no box: a stray toggle changes nothing and nothing is sent about it.
    expect(await sentWith([], 1)).toEqual([{ token, password }]);
  });

  it('names one linked sign-in in the singular, by its id when the provider is no longer configured', () => {
    let [snapshot] = initialTransition(resetPasswordMachine, { token });
    [snapshot] = transition(resetPasswordMachine, snapshot, {
      type: 'xstate.done.actor.checkResetToken',
      output: { valid: true, linkedProviders: ['enterprise'] },
      actorId: 'checkResetToken',
    } as never);
    render(
      <TestI18n>
        <ResetPasswordView
          snapshot={snapshot}
          send={() => {}}
          forgotPasswordLink={null}
          signInProviders={signInProviders}
        />
      </TestI18n>,
    );
    const box = screen.getByRole('checkbox', {
      name: 'Also remove the sign-in linked to your account: enterprise',
    });
    expect(box).toHaveAccessibleDescription(
      'Do this if you did not link it yourself: nobody can then sign in with it.',
    );
    // Each name is isolated, so a Latin name keeps its direction inside right-to-left text.
    expect(screen.getByText('enterprise').tagName).toBe('BDI');
  });

  it('says what the server says, in the English source', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(i18n._(failureMessages.invalidLink)).toBe(PasswordMessage.invalidResetLink);
    expect(i18n._(failureMessages.unavailable)).toBe(PasswordMessage.resetFailed);
  });
});

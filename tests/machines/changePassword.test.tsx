import { setupI18n } from '@lingui/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasswordMessage } from '../../contract/password';
import { changePasswordMachine } from '../../machines/changePassword/changePassword.machine';
import { failureMessages } from '../../src/features/change-password/change-password.messages';
import { ChangePasswordView } from '../../src/features/change-password/change-password.view';
import { TestI18n } from '../support/i18n';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { changePasswordModel } from './changePassword.cases';

type Machine = typeof changePasswordMachine;

/** Sets a field the way a person's typing ends: a change event with the whole value. */
function changeField(label: string): Driver<Machine> {
  return async ({ screen, event }) => {
    fireEvent.change(screen.getByLabelText(label), { target: { value: 'value' in event ? event.value : '' } });
  };
}

const failureTexts = {
  currentPasswordIncorrect: 'Current password is incorrect. Not changing password.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  passwordTooCommon: 'This password is one of the most common ones. Please choose another.',
  unavailable: 'We could not change your password right now. Please try again later.',
} as const;

describeModel('changePassword', {
  machine: changePasswordMachine,
  ...changePasswordModel,
  states: {
    editing: {
      view: (screen) => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled(),
    },
    invalid: {
      machine: (snapshot) =>
        expect(Object.values(snapshot.context.fieldErrors).filter(Boolean).length).toBeGreaterThan(0),
      view: (screen, snapshot) => {
        // The keys are the spec's English texts, which the test catalog shows as they are.
        for (const message of Object.values(snapshot.context.fieldErrors as Record<string, string | undefined>))
          if (message) expect(screen.getAllByText(message)[0]).toBeVisible();
      },
    },
    changing: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Changing password…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('Current password')).toBeDisabled();
      },
    },
    failure: {
      machine: (snapshot) => {
        expect(snapshot.context.failure).not.toBeNull();
        expect(snapshot.context.currentPassword).toBe('');
      },
      view: (screen, snapshot) => {
        const failure: keyof typeof failureTexts = snapshot.context.failure ?? 'unavailable';
        expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[failure]);
      },
    },
    changed: {
      machine: (snapshot) =>
        expect(snapshot.context).toMatchObject({ currentPassword: '', newPassword: '', repeatPassword: '' }),
      view: (screen) => {
        for (const label of ['Current password', 'New password', 'Repeat new password'])
          expect(screen.getByLabelText(label)).toHaveValue('');
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
  },
  drivers: {
    'user.changeCurrentPassword': changeField('Current password'),
    'user.changeNewPassword': changeField('New password'),
    'user.changeRepeatPassword': changeField('Repeat new password'),
    'user.submit': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Change password' })),
  },
});

function submitted(currentPassword: string, newPassword: string, repeatPassword: string) {
  let [snapshot] = initialTransition(changePasswordMachine);
  [snapshot] = transition(changePasswordMachine, snapshot, {
    type: 'user.changeCurrentPassword',
    value: currentPassword,
  });
  [snapshot] = transition(changePasswordMachine, snapshot, { type: 'user.changeNewPassword', value: newPassword });
  [snapshot] = transition(changePasswordMachine, snapshot, {
    type: 'user.changeRepeatPassword',
    value: repeatPassword,
  });
  return transition(changePasswordMachine, snapshot, { type: 'user.submit' })[0];
}

describe('changePassword machine', () => {
  it('asks for the current password and a new one of at least 8 characters, typed the same twice', () => {
    expect(submitted('', '', '').context.fieldErrors).toEqual({
      currentPassword: 'Password is required',
      newPassword: 'Password is required',
    });
    expect(submitted('old', 'short', 'short').context.fieldErrors).toEqual({
      newPassword: 'Please use at least 8 characters.',
    });
    expect(submitted('old', 'a fresh password', 'a fresh passwort').context.fieldErrors).toEqual({
      repeatPassword: "Password doesn't match",
    });
    expect(submitted('old', 'a fresh password', 'a fresh password').value).toBe('changing');
  });

  it('sends both passwords, says so, and clears the form', async () => {
    const sent: unknown[] = [];
    let notified = 0;
    const actor = createActor(
      changePasswordMachine.provide({
        actors: {
          changePassword: fromPromise<void, { currentPassword: string; newPassword: string }>(async ({ input }) => {
            sent.push(input);
          }),
        },
        actions: {
          notifyPasswordChanged: () => {
            notified += 1;
          },
        },
      }),
    ).start();
    actor.send({ type: 'user.changeCurrentPassword', value: 'the old password' });
    actor.send({ type: 'user.changeNewPassword', value: 'a fresh password' });
    actor.send({ type: 'user.changeRepeatPassword', value: 'a fresh password' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('changed'));
    expect(sent).toEqual([{ currentPassword: 'the old password', newPassword: 'a fresh password' }]);
    expect(notified).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ currentPassword: '', newPassword: '', repeatPassword: '' });
  });

  it('asks for the current password again after a 403, keeping the new one', async () => {
    const actor = createActor(
      changePasswordMachine.provide({
        actors: {
          changePassword: fromPromise<void, { currentPassword: string; newPassword: string }>(async () => {
            throw refused(ErrorCode.currentPasswordIncorrect, 'Current password is incorrect. Not changing password.');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'user.changeCurrentPassword', value: 'a wrong password' });
    actor.send({ type: 'user.changeNewPassword', value: 'a fresh password' });
    actor.send({ type: 'user.changeRepeatPassword', value: 'a fresh password' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('failure'));
    expect(actor.getSnapshot().context).toMatchObject({
      failure: 'currentPasswordIncorrect',
      currentPassword: '',
      newPassword: 'a fresh password',
      repeatPassword: 'a fresh password',
    });
  });
});

describe('changePassword view', () => {
  it('says what the server says for a wrong current password, in the English source', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(i18n._(failureMessages.currentPasswordIncorrect)).toBe(PasswordMessage.currentPasswordIncorrect);
  });

  it('labels each field and tells password managers which password is which', () => {
    const [snapshot] = initialTransition(changePasswordMachine);
    render(
      <TestI18n>
        <ChangePasswordView snapshot={snapshot} send={() => {}} />
      </TestI18n>,
    );
    expect(screen.getByRole('region', { name: 'Change password' })).toBeVisible();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Repeat new password')).toHaveAttribute('autocomplete', 'new-password');
    for (const label of ['Current password', 'New password', 'Repeat new password'])
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
  });
});

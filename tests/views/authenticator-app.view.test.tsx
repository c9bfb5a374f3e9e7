import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { authenticatorAppEnrolmentMachine } from '../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import {
  AuthenticatorAppView,
  keyInBlocks,
  type SecondFactorStatusRead,
} from '../../src/features/authenticator-app/authenticator-app.view';
import { recoveryCodes, setup } from '../machines/authenticatorAppEnrolment.cases';
import { TestI18n } from '../support/i18n';

const machine = authenticatorAppEnrolmentMachine;
const [idle] = initialTransition(machine);
const on: SecondFactorStatusRead = {
  status: 'success',
  authenticatorApp: { enabled: true, enabledAt: '2026-11-20T08:30:00.000Z' },
  recoveryCodes: { remaining: 7, createdAt: '2026-11-20T08:30:00.000Z' },
};
const off: SecondFactorStatusRead = {
  status: 'success',
  authenticatorApp: { enabled: false, enabledAt: null },
  recoveryCodes: { remaining: 0, createdAt: null },
};

function view(snapshot: typeof idle, read: SecondFactorStatusRead) {
  return (
    <TestI18n>
      <AuthenticatorAppView snapshot={snapshot} send={vi.fn()} read={read} />
    </TestI18n>
  );
}

describe('AuthenticatorAppView', () => {
  it('is the #two-step-sign-in section, and tells since when the app is on and how many codes are left', () => {
    render(view(idle, on));
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toHaveAttribute('id', 'two-step-sign-in');
    expect(screen.getByText(/^On since/)).toHaveTextContent(/^On since Nov 20, 2026/);
    expect(screen.getByText('7 left')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set up an authenticator app' })).toBeNull();
  });

  it('offers the setup while the app is off, and says nothing of recovery codes', () => {
    render(view(idle, off));
    expect(screen.getByText('Off')).toBeVisible();
    expect(screen.queryByText('Recovery codes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
  });

  it('says when the status cannot be read, and offers to read it again', async () => {
    const onRetry = vi.fn();
    render(view(idle, { status: 'error', onRetry }));
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your two-step sign-in.');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('groups the key in blocks of four for typing by hand', () => {
    expect(keyInBlocks('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
  });

  it('moves the focus to each new step’s heading, and back to the section at the end', () => {
    let [snapshot] = transition(machine, idle, { type: 'user.setUp' });
    const { rerender } = render(view(snapshot, off));
    [snapshot] = transition(machine, snapshot, {
      type: 'xstate.done.actor.startSetup',
      output: setup,
      actorId: 'startSetup',
    } as never);
    rerender(view(snapshot, off));
    expect(screen.getByRole('heading', { level: 3, name: 'Set up your authenticator app' })).toHaveFocus();
    [snapshot] = transition(machine, snapshot, { type: 'user.changeCode', value: '123456' });
    [snapshot] = transition(machine, snapshot, { type: 'user.submit' });
    [snapshot] = transition(machine, snapshot, {
      type: 'xstate.done.actor.confirmSetup',
      output: recoveryCodes,
      actorId: 'confirmSetup',
    } as never);
    rerender(view(snapshot, on));
    expect(screen.getByRole('heading', { level: 3, name: 'Your recovery codes' })).toHaveFocus();
    [snapshot] = transition(machine, snapshot, { type: 'user.done' });
    rerender(view(snapshot, on));
    expect(screen.getByRole('heading', { level: 3, name: 'Two-step sign-in' })).toHaveFocus();
  });

  it('asks for a code first to turn the app off, with the focus in its field', () => {
    const [proving] = transition(machine, idle, { type: 'user.turnOff' });
    const { rerender } = render(view(idle, on));
    rerender(view(proving, on));
    expect(screen.getByRole('heading', { level: 3, name: 'Turn off your authenticator app' })).toBeVisible();
    const field = screen.getByLabelText('Code from your authenticator app');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  });
});

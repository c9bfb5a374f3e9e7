import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type EventObject, initialTransition, type SnapshotFrom, transition } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { RecentSignInMessage, type RecentSignInMethod } from '../../contract/recent-sign-in';
import { SecondFactorMessage } from '../../contract/second-factor';
import { recentSignInMachine } from '../../machines/recentSignIn/recentSignIn.machine';
import { BrowserRefusal, type RefusalError } from '../../machines/support/refusal';
import { RecentSignInView } from '../../src/features/recent-sign-in/recent-sign-in.view';
import { passkeyAnswer, passkeyChallenge, password } from '../machines/recentSignIn.cases';
import { expectNoAxeViolations } from '../support/axe';
import { TestI18n } from '../support/i18n';
import { refused } from '../support/refusals';

type Snapshot = SnapshotFrom<typeof recentSignInMachine>;

const step = (snapshot: Snapshot, event: EventObject) => transition(recentSignInMachine, snapshot, event as never)[0];

function asked(methods: RecentSignInMethod[]): Snapshot {
  const [idle] = initialTransition(recentSignInMachine);
  return step(idle, { type: 'api.recentSignInRequired', reason: RecentSignInMessage.required, methods } as EventObject);
}

const refusedEvent = (actorId: string, refusal: RefusalError) =>
  ({ type: `xstate.error.actor.${actorId}`, error: refusal, actorId }) as EventObject;

function view(snapshot: Snapshot, send = vi.fn()) {
  return (
    <TestI18n>
      <RecentSignInView snapshot={snapshot} send={send} email="sam@example.com" />
    </TestI18n>
  );
}

beforeAll(() => {
  // jsdom lays nothing out, so the focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

describe('RecentSignInView', () => {
  it.each([
    ['the password', ['password']],
    ['a passkey alone', ['passkey']],
    ['a passkey, the app or a recovery code', ['passkey', 'authenticatorApp', 'recoveryCode']],
    ['nothing: sign in again', []],
  ] as const)('with %s, is a modal dialog that passes axe', async (_, methods) => {
    render(view(asked([...methods])));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('For your security, confirm it is you before making this change.');
    await expectNoAxeViolations();
  });

  it('passes axe with a wrong answer under its field and the wait of too many attempts', async () => {
    let snapshot = asked(['password']);
    snapshot = step(snapshot, { type: 'user.changeAnswer', value: password } as EventObject);
    snapshot = step(snapshot, { type: 'user.submit' } as EventObject);
    snapshot = step(
      snapshot,
      refusedEvent('confirmRecentSignIn', refused(ErrorCode.invalidCredentials, RecentSignInMessage.passwordIncorrect)),
    );
    const { unmount } = render(view(snapshot));
    const field = await screen.findByLabelText('Password');
    expect(field).toHaveValue('');
    await vi.waitFor(() => expect(field).toHaveAccessibleErrorMessage('That password is not right.'));
    await expectNoAxeViolations();
    unmount();
    snapshot = step(snapshot, { type: 'user.changeAnswer', value: password } as EventObject);
    snapshot = step(snapshot, { type: 'user.submit' } as EventObject);
    snapshot = step(
      snapshot,
      refusedEvent('confirmRecentSignIn', refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 61 })),
    );
    render(view(snapshot));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. You can try again in 2 minutes.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('puts the focus on the passkey’s button first, else in the field', async () => {
    const { unmount } = render(view(asked(['passkey', 'password'])));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveFocus());
    expect(screen.getByText('or')).toBeVisible();
    unmount();
    render(view(asked(['authenticatorApp'])));
    const field = screen.getByLabelText('Code from your authenticator app');
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    // Without recovery codes among the ways, none is offered.
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
  });

  it('cancels on Escape, and keeps the focus inside with Tab', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(view(asked(['password']), send));
    const field = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(field).toHaveFocus());
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(send).toHaveBeenCalledWith({ type: 'user.cancel' });
  });

  it('empties the field after a wrong answer and puts the focus back in it', async () => {
    let snapshot = asked(['authenticatorApp', 'recoveryCode']);
    snapshot = step(snapshot, { type: 'user.changeAnswer', value: '123456' } as EventObject);
    snapshot = step(snapshot, { type: 'user.submit' } as EventObject);
    const { rerender } = render(view(snapshot));
    expect(screen.getByRole('button', { name: 'Confirming…' })).toBeDisabled();
    snapshot = step(
      snapshot,
      refusedEvent('confirmRecentSignIn', refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    );
    rerender(view(snapshot));
    const field = screen.getByLabelText('Code from your authenticator app');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.getByText('That code is not right. Enter the code your authenticator app shows now.')).toBeVisible();
  });

  it('gives the focus back to the passkey’s button when the browser’s dialog was closed, quietly', async () => {
    let snapshot = asked(['passkey']);
    const { rerender } = render(view(snapshot));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveFocus());
    snapshot = step(snapshot, { type: 'user.usePasskey' } as EventObject);
    snapshot = step(snapshot, {
      type: 'xstate.done.actor.fetchPasskeyOptions',
      output: passkeyChallenge,
      actorId: 'fetchPasskeyOptions',
    } as EventObject);
    rerender(view(snapshot));
    expect(screen.getByRole('button', { name: 'Waiting for your passkey…' })).toBeDisabled();
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    snapshot = step(snapshot, refusedEvent('askPasskey', refused(BrowserRefusal.passkeyCancelled, null)));
    rerender(view(snapshot));
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says the server's refusal of a passkey in the person's words", async () => {
    let snapshot = asked(['passkey']);
    snapshot = step(snapshot, { type: 'user.usePasskey' } as EventObject);
    snapshot = step(snapshot, {
      type: 'xstate.done.actor.fetchPasskeyOptions',
      output: passkeyChallenge,
      actorId: 'fetchPasskeyOptions',
    } as EventObject);
    snapshot = step(snapshot, {
      type: 'xstate.done.actor.askPasskey',
      output: passkeyAnswer,
      actorId: 'askPasskey',
    } as EventObject);
    snapshot = step(
      snapshot,
      refusedEvent('confirmRecentSignIn', refused(ErrorCode.secondFactorExpired, PasskeyMessage.expired)),
    );
    render(view(snapshot));
    expect(await screen.findByRole('alert')).toHaveTextContent('This took too long. Try again.');
  });

  it('without any way, explains and offers to sign in again', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(view(asked([]), send));
    expect(await screen.findByText('Sign in again to make this change.')).toBeVisible();
    const signInAgain = screen.getByRole('button', { name: 'Sign in again' });
    await vi.waitFor(() => expect(signInAgain).toHaveFocus());
    await user.click(signInAgain);
    expect(send).toHaveBeenCalledWith({ type: 'user.signInAgain' });
  });
});

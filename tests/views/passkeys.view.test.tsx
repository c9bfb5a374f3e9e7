import { setupI18n } from '@lingui/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { RecentSignInMessage } from '../../contract/recent-sign-in';
import {
  type PasskeyEnrolmentEvent,
  passkeyEnrolmentMachine,
} from '../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { suggestedPasskeyName } from '../../src/features/passkeys/passkeys.messages';
import { type PasskeysRead, PasskeysView } from '../../src/features/passkeys/passkeys.view';
import { laptop, phone, suggestedName } from '../machines/passkeyEnrolment.cases';
import { expectNoAxeViolations } from '../support/axe';
import { TestI18n } from '../support/i18n';
import { refused } from '../support/refusals';

const [idle] = initialTransition(passkeyEnrolmentMachine, { suggestedName });
type Snapshot = typeof idle;
const reached = (...events: PasskeyEnrolmentEvent[]) =>
  events.reduce((snapshot, event) => transition(passkeyEnrolmentMachine, snapshot, event)[0], idle);
const listed: PasskeysRead = { status: 'success', passkeys: [laptop, phone] };

function renderPasskeys(snapshot: Snapshot = idle, read: PasskeysRead = listed, supported = true) {
  const send = vi.fn();
  const rendered = render(
    <TestI18n>
      {/* As on the account page: the card under "Sign-in and security". */}
      <main>
        <h1>Your account</h1>
        <section aria-labelledby="security-title">
          <h2 id="security-title">Sign-in and security</h2>
          <PasskeysView snapshot={snapshot} send={send} read={read} supported={supported} />
        </section>
      </main>
    </TestI18n>,
  );
  return { send, container: rendered.container };
}

describe('PasskeysView', () => {
  it('is the #passkeys card: each passkey with when it was added and used, and whether it is synced', async () => {
    const { container } = renderPasskeys();
    const card = screen.getByRole('region', { name: 'Passkeys' });
    expect(card).toHaveAttribute('id', 'passkeys');
    expect(within(card).getByRole('heading', { level: 3, name: 'Passkeys' })).toBeVisible();

    const phoneItem = within(screen.getByRole('article', { name: 'Phone' }));
    expect(phoneItem.getByText(/^Added/)).toHaveTextContent(/^Added Oct 12, 2026/);
    expect(phoneItem.getByText(/Oct 12, 2026/)).toHaveAttribute('datetime', phone.createdAt);
    expect(phoneItem.getByText(/^Last used/)).toHaveTextContent(/^Last used Nov 25, 2026/);
    expect(phoneItem.getByText('Synced')).toBeVisible();

    const laptopItem = within(screen.getByRole('article', { name: 'Passkey on Firefox' }));
    expect(laptopItem.getByText('Never used')).toBeVisible();
    expect(laptopItem.queryByText('Synced')).toBeNull();
    expect(laptopItem.getByRole('button', { name: 'Rename Passkey on Firefox' })).toBeEnabled();
    expect(laptopItem.getByRole('button', { name: 'Remove Passkey on Firefox' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it('is worked by keyboard: Tab reaches each button, Enter presses it', async () => {
    const { send } = renderPasskeys();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Rename Passkey on Firefox' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove Phone' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.remove', passkey: phone });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.add' });
  });

  it('says so where the browser cannot make passkeys, instead of offering to add one', () => {
    renderPasskeys(idle, listed, false);
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByText('This browser cannot make passkeys, so you cannot add one here.')).toBeVisible();
    // The passkeys the account has can still be renamed and removed.
    expect(screen.getByRole('button', { name: 'Remove Phone' })).toBeEnabled();
  });

  it('says when there is none yet, while loading, and when the list could not be read', async () => {
    const { container } = renderPasskeys(idle, { status: 'success', passkeys: [] });
    expect(screen.getByText('You have no passkeys yet.')).toBeVisible();
    await expectNoAxeViolations(container);
    container.remove();
    renderPasskeys(idle, { status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your passkeys…');
    const onRetry = vi.fn();
    renderPasskeys(idle, { status: 'error', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your passkeys.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('asks a name first, the browser’s suggested one in the field with the focus, and says what is wrong', async () => {
    const { container } = renderPasskeys(
      reached({ type: 'user.add' }, { type: 'user.changeName', value: '' }, { type: 'user.submit' }),
    );
    const step = within(screen.getByRole('region', { name: 'Add a passkey' }));
    const field = step.getByLabelText('Name of the passkey');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(step.getByText('Give the passkey a name of at most 64 characters.')).toBeVisible();
    expect(step.getByRole('button', { name: 'Add' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it.each([
    [ErrorCode.passkeyRefused, PasskeyMessage.tooMany, 'You have 10 passkeys. Remove one to add another.'],
    [
      ErrorCode.recentSignInRequired,
      RecentSignInMessage.required,
      'For your security, confirm it is you before making this change.',
    ],
  ])('says the server’s refusal in place, with role=alert: %s %s', async (code, message, text) => {
    const refusedAdd = reached({ type: 'user.add' }, { type: 'user.submit' }, {
      type: 'xstate.error.actor.createPasskey',
      error: refused(code, message),
      actorId: 'createPasskey',
    } as never);
    const { container } = renderPasskeys(refusedAdd);
    const step = within(screen.getByRole('region', { name: 'Add a passkey' }));
    expect(step.getByRole('alert')).toHaveTextContent(text);
    expect(step.getByLabelText('Name of the passkey')).toHaveValue(suggestedName);
    await expectNoAxeViolations(container);
  });

  it('shows the suggested name as its browser tells it', () => {
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    const chrome =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const edge = `${chrome} Edg/131.0.0.0`;
    expect(suggestedPasskeyName(english, chrome)).toBe('Passkey on Chrome');
    expect(suggestedPasskeyName(english, edge)).toBe('Passkey on Edge');
    expect(suggestedPasskeyName(english, 'curl/8.5.0')).toBe('Passkey');
  });

  it('renames in place of the passkey’s buttons', async () => {
    const { container, send } = renderPasskeys(reached({ type: 'user.rename', passkey: phone }));
    const phoneItem = within(screen.getByRole('article', { name: 'Phone' }));
    expect(phoneItem.getByLabelText('Name of the passkey')).toHaveValue('Phone');
    expect(phoneItem.getByLabelText('Name of the passkey')).toHaveFocus();
    await userEvent.setup().keyboard('{Enter}');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.submit' });
    await expectNoAxeViolations(container);
  });

  it('confirms a removal in place, "Keep" with the focus', async () => {
    const { container, send } = renderPasskeys(reached({ type: 'user.remove', passkey: phone }));
    const confirm = within(
      screen.getByRole('group', { name: 'Remove Phone? You will no longer be able to sign in with it.' }),
    );
    expect(confirm.getByRole('button', { name: 'Keep' })).toHaveFocus();
    await userEvent.setup().click(confirm.getByRole('button', { name: 'Remove' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.confirm' });
    await expectNoAxeViolations(container);
  });

  it('says politely what was done, with the focus on it', async () => {
    const removed = reached({ type: 'user.remove', passkey: phone }, { type: 'user.confirm' }, {
      type: 'xstate.done.actor.removePasskey',
      output: undefined,
      actorId: 'removePasskey',
    } as never);
    const { container } = renderPasskeys(removed, { status: 'success', passkeys: [laptop] });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('The passkey \u2068Phone\u2069 was removed.');
    // The name's only element is its heading: gone with the passkey.
    expect(screen.queryByText('Phone')).toBeNull();
    expect(status).toHaveFocus();
    await expectNoAxeViolations(container);
  });
});

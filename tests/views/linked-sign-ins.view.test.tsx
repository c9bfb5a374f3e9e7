import { setupI18n } from '@lingui/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import type { SignInProvider } from '../../contract/federated-sign-in';
import { LinkedSignInMessage } from '../../contract/linked-sign-ins';
import { linkedSignInsMachine } from '../../machines/linkedSignIns/linkedSignIns.machine';
import { refusal } from '../../machines/support/refusal';
import {
  noneLinkedOf,
  signInNameOf,
  unlinkUnavailable,
} from '../../src/features/linked-sign-ins/linked-sign-ins.messages';
import { type LinkedSignInsRead, LinkedSignInsView } from '../../src/features/linked-sign-ins/linked-sign-ins.view';
import { refusalText } from '../../src/lib/contract-messages';
import { company, google, providers } from '../machines/linkedSignIns.cases';
import { TestI18n } from '../support/i18n';
import { refused } from '../support/refusals';

const [idle] = initialTransition(linkedSignInsMachine);

function renderSignIns(read: LinkedSignInsRead, snapshot = idle, configured: readonly SignInProvider[] = providers) {
  const send = vi.fn();
  render(
    <TestI18n>
      <LinkedSignInsView
        snapshot={snapshot}
        send={send}
        read={read}
        providers={configured}
        setPasswordLink={<a href="/password/forgot">Set a password</a>}
      />
    </TestI18n>,
  );
  return send;
}

const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('LinkedSignInsView', () => {
  it('is the #linked-sign-ins section, and tells with what, as whom and when each sign-in was linked and used', () => {
    renderSignIns({ status: 'success', passwordSet: true, linkedSignIns: [google, company] });
    expect(screen.getByRole('region', { name: 'Linked sign-ins' })).toHaveAttribute('id', 'linked-sign-ins');
    expect(screen.getByText('You sign in with your password or with the sign-ins below.')).toBeVisible();

    const googleItem = within(screen.getByRole('article', { name: 'Google' }));
    expect(googleItem.getByText(google.email)).toBeVisible();
    expect(googleItem.getByText(/^Linked/)).toHaveTextContent(/^Linked Oct 2, 2026/);
    expect(googleItem.getByText(/Oct 2, 2026/)).toHaveAttribute('datetime', google.linkedAt);
    expect(googleItem.getByText(/^Last used/)).toHaveTextContent(/^Last used Nov 24, 2026/);

    // The enterprise sign-in is named after the company, as configured.
    const companyItem = within(screen.getByRole('article', { name: 'Northwind' }));
    expect(companyItem.getByText('Not used since it was linked')).toBeVisible();
    expect(companyItem.getByRole('button', { name: 'Unlink Northwind' })).toBeEnabled();
  });

  it('asks before unlinking the chosen sign-in', async () => {
    const send = renderSignIns({ status: 'success', passwordSet: true, linkedSignIns: [google, company] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unlink Northwind' }));
    expect(send).toHaveBeenCalledWith({ type: 'user.unlink', signIn: company });
  });

  it('offers no unlink of the last way in of an account without a password, and says why and what to do', () => {
    renderSignIns({ status: 'success', passwordSet: false, linkedSignIns: [google] });
    expect(screen.getByText('Your account has no password: you sign in only with the sign-ins below.')).toBeVisible();
    const unlink = screen.getByRole('button', { name: 'Unlink Google' });
    expect(unlink).toBeDisabled();
    expect(unlink).toHaveAccessibleDescription(
      'This is the only way to sign in to your account, so it cannot be unlinked. Set a password first, then unlink it.',
    );
    expect(screen.getByRole('link', { name: 'Set a password' })).toHaveAttribute('href', '/password/forgot');
  });

  it('offers either of two sign-ins of an account without a password', () => {
    renderSignIns({ status: 'success', passwordSet: false, linkedSignIns: [google, company] });
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Unlink Northwind' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Set a password' })).toBeNull();
  });

  it('names the providers that could be linked when none is', () => {
    renderSignIns({ status: 'success', passwordSet: true, linkedSignIns: [] });
    expect(
      screen.getByText('No sign-ins from Google, Microsoft, or Northwind are linked to your account.'),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says it is loading', () => {
    renderSignIns({ status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your linked sign-ins…');
  });

  it('offers to try again when the sign-ins could not be read', async () => {
    const onRetry = vi.fn();
    renderSignIns({ status: 'error', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your linked sign-ins.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the server’s refusal in the reader’s words', () => {
    const [confirming] = transition(linkedSignInsMachine, idle, { type: 'user.unlink', signIn: google });
    const [unlinking] = transition(linkedSignInsMachine, confirming, { type: 'user.confirm' });
    const [refusedUnlink] = transition(linkedSignInsMachine, unlinking, {
      type: 'xstate.error.actor.unlinkSignIn',
      error: refused(ErrorCode.notFound, LinkedSignInMessage.notLinked),
    } as never);
    renderSignIns({ status: 'success', passwordSet: true, linkedSignIns: [company] }, refusedUnlink);
    expect(screen.getByRole('alert')).toHaveTextContent(LinkedSignInMessage.notLinked);
  });
});

describe('how a linked sign-in is named', () => {
  it('by the configured provider’s name, else by the provider’s own, and the company account', () => {
    expect(signInNameOf(english, providers, 'enterprise')).toBe('Northwind');
    expect(signInNameOf(english, [], 'google')).toBe('Google');
    expect(signInNameOf(english, [], 'microsoft')).toBe('Microsoft');
    expect(signInNameOf(english, [], 'enterprise')).toBe('Company account');
  });

  it('lists the configured providers in the reader’s language when none is linked', () => {
    const german = setupI18n({ locale: 'de', messages: { de: {} } });
    expect(noneLinkedOf(german, providers)).toBe(
      'No sign-ins from Google, Microsoft oder Northwind are linked to your account.',
    );
    expect(noneLinkedOf(english, [])).toBe('No sign-ins from other services are linked to your account.');
  });

  it('shows a message the portal does not know as the server sent it', () => {
    expect(
      refusalText(english, refusal(ErrorCode.notFound, 'Something new.'), { unavailable: unlinkUnavailable }),
    ).toBe('Something new.');
  });
});

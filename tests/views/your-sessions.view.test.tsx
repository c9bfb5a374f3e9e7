import { setupI18n } from '@lingui/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition } from 'xstate';
import { yourSessionsMachine } from '../../machines/yourSessions/yourSessions.machine';
import {
  lastActiveOf,
  placeOf,
  sessionLabelOf,
  signInMethodOf,
} from '../../src/features/your-sessions/session.messages';
import { type SessionsRead, YourSessionsView } from '../../src/features/your-sessions/your-sessions.view';
import { laptop, now, phone, tablet } from '../machines/yourSessions.cases';
import { TestI18n } from '../support/i18n';

const [idle] = initialTransition(yourSessionsMachine);

function renderSessions(read: SessionsRead) {
  render(
    <TestI18n>
      <YourSessionsView snapshot={idle} send={vi.fn()} read={read} now={now} />
    </TestI18n>,
  );
}

const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('YourSessionsView', () => {
  it('is the #sessions section, and tells how, where and when each session was used', () => {
    renderSessions({ status: 'success', sessions: [laptop, phone, tablet] });
    expect(screen.getByRole('region', { name: 'Your sessions' })).toHaveAttribute('id', 'sessions');
    const current = within(screen.getByRole('article', { name: 'Firefox on Windows This session' }));
    expect(current.getByText('E-mail and password')).toBeVisible();
    expect(current.getByText('Network 198.51.100.0/24')).toBeVisible();
    expect(current.getByText('Active now')).toBeVisible();
    const started = current.getByText('Nov 20, 2026', { exact: false });
    expect(started).toHaveAttribute('datetime', laptop.startedAt);

    const other = within(screen.getByRole('article', { name: 'Chrome on Android' }));
    expect(other.getByText('Google account')).toBeVisible();
    expect(other.getByText('3 hours ago')).toHaveAttribute('datetime', phone.lastActiveAt);

    const qr = within(screen.getByRole('article', { name: 'Safari on iOS' }));
    expect(qr.getByText('QR code from another device')).toBeVisible();
    expect(qr.getByText('Local network (192.168.1.0/24)')).toBeVisible();
    // More than a week ago: a date, not "15 days ago".
    expect(qr.getByText(/Nov 10, 2026/)).toBeVisible();
  });

  it('offers no sign-out of others when the current session is the only one', () => {
    renderSessions({ status: 'success', sessions: [laptop] });
    expect(screen.getByText('You are not signed in anywhere else.')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says it is loading, and offers to try again when the sessions could not be read', () => {
    renderSessions({ status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your sessions…');
  });

  it('offers to try again when the sessions could not be read', () => {
    const onRetry = vi.fn();
    renderSessions({ status: 'error', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your sessions.');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('how a session is named', () => {
  it('says what it can and no more', () => {
    expect(sessionLabelOf(english, { browser: 'Edge', system: 'macOS' })).toBe('Edge on macOS');
    expect(sessionLabelOf(english, { browser: 'Edge', system: null })).toBe('Edge');
    expect(sessionLabelOf(english, { browser: null, system: 'Linux' })).toBe('A browser on Linux');
    expect(sessionLabelOf(english, { browser: null, system: null })).toBe('An unknown browser');
  });

  it('names the sign-in provider, the company account, or the provider’s key when it is not known', () => {
    expect(signInMethodOf(english, { signInMethod: 'provider', provider: 'microsoft' })).toBe('Microsoft account');
    expect(signInMethodOf(english, { signInMethod: 'provider', provider: 'enterprise' })).toBe('Company account');
    expect(signInMethodOf(english, { signInMethod: 'provider', provider: 'okta' })).toBe('okta account');
    expect(signInMethodOf(english, { signInMethod: 'provider', provider: null })).toBe('A sign-in provider');
    expect(placeOf(english, { place: null })).toBe('Unknown');
  });

  it('tells the last activity in the reader’s language, relative within a week', () => {
    const german = setupI18n({ locale: 'de', messages: { de: {} } });
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(lastActiveOf(english, ago(4 * 60_000), now)).toBe('Active now');
    expect(lastActiveOf(english, ago(12 * 60_000), now)).toBe('12 minutes ago');
    expect(lastActiveOf(german, ago(12 * 60_000), now)).toBe('vor 12 Minuten');
    expect(lastActiveOf(english, ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(lastActiveOf(german, ago(3 * 86_400_000), now)).toBe('vor 3 Tagen');
    expect(lastActiveOf(english, ago(8 * 86_400_000), now)).toMatch(/^Nov 17, 2026/);
  });
});

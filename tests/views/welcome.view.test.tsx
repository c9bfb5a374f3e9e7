import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WelcomeView, type WelcomeViewProps } from '../../src/features/welcome/welcome.view';
import { appDownloads } from '../../src/lib/app-downloads';
import { TestI18n } from '../support/i18n';

function renderWelcome(visitor: WelcomeViewProps['visitor']) {
  const onNavigate = vi.fn();
  render(
    <TestI18n>
      <WelcomeView productName="Bondline" visitor={visitor} apps={appDownloads} onNavigate={onNavigate} />
    </TestI18n>,
  );
  return { onNavigate };
}

const visitor = {
  kind: 'visitor',
  signInHref: '/login?utm_source=app',
  createAccountHref: '/create?utm_source=app',
} as const;

describe('WelcomeView', () => {
  it('gives the pitch and the ways in, keeping the links the route made', async () => {
    const { onNavigate } = renderWelcome(visitor);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Bondline' })).toBeVisible();
    expect(
      screen.getByText('More stable and secure live streaming, video calls, gaming and web browsing.'),
    ).toBeVisible();
    const start = within(screen.getByRole('region', { name: 'Get started' }));
    expect(start.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/create?utm_source=app');
    expect(start.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?utm_source=app');
    await userEvent.setup().click(start.getByRole('link', { name: 'Sign in' }));
    expect(onNavigate).toHaveBeenCalledWith('/login?utm_source=app');
  });

  it('offers someone signed in their account instead of signing in', async () => {
    const { onNavigate } = renderWelcome({ kind: 'signedIn', email: 'sam@example.com', accountHref: '/account' });
    const start = within(screen.getByRole('region', { name: 'You are signed in' }));
    expect(start.getByText('sam@example.com')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    await userEvent.setup().click(start.getByRole('link', { name: 'Go to your account' }));
    expect(onNavigate).toHaveBeenCalledWith('/account');
  });

  it('links every platform’s app, named for the product, to its download address', () => {
    renderWelcome(visitor);
    const apps = within(screen.getByRole('region', { name: 'Get the apps' }));
    const links = apps.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('https://'));
    expect(links.map((link) => [link.getAttribute('aria-label'), link.textContent, link.getAttribute('href')])).toEqual(
      appDownloads.map(({ platform, href }) => [`Bondline for ${platform}`, platform, href]),
    );
    expect(apps.getByRole('link', { name: 'the activation page' })).toHaveAttribute('href', '/activate');
  });

  it('says why, in three points', () => {
    renderWelcome(visitor);
    const why = within(screen.getByRole('region', { name: 'Why Bondline' }));
    expect(why.getAllByRole('listitem')).toHaveLength(3);
    expect(why.getByRole('heading', { name: 'Steady' })).toBeVisible();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DashboardView, type DashboardViewProps } from '../../src/features/dashboard/dashboard.view';
import { anAccount, aSubscription } from '../support/fixtures';
import { TestI18n } from '../support/i18n';

const account = {
  ...anAccount({ sub: 'owner-id', email: 'owner@example.com' }, [
    aSubscription({
      referenceId: 'teams-1',
      type: 'teams',
      productName: 'Bonding Teams',
      planCode: 'teams-yearly',
      quantity: 10,
      team: { teamId: 1, name: 'Northwind', role: 'admin' },
    }),
    aSubscription({
      referenceId: 'families-1',
      type: 'families',
      active: false,
      productName: 'Bonding Families',
      planCode: 'families-monthly',
      quantity: 1,
      ownerEmail: 'parent@example.com',
      team: { teamId: 2, name: 'Home', role: 'user' },
    }),
  ]),
  activeDevices: [
    { deviceUuid: 'd-1', name: 'Laptop', lastSeen: '2026-11-21T10:00:00.000Z' },
    { deviceUuid: 'd-2', name: 'Phone', lastSeen: '2026-11-22T10:00:00.000Z' },
  ],
  usedDataGB: 12.75,
  freeLicenseDataGB: 50,
};

function renderDashboard(props: Partial<DashboardViewProps> = {}) {
  const handlers = { onSignOut: vi.fn(), onRetry: vi.fn() };
  render(
    <TestI18n>
      <DashboardView account={account} loadFailed={false} signingOut={false} {...handlers} {...props} />
    </TestI18n>,
  );
  return handlers;
}

describe('dashboard view', () => {
  it('shows who is signed in under the level-1 heading "Your account"', () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    expect(screen.getByText('owner@example.com')).toBeVisible();
  });

  it('lists each subscription with product, plan, seats, role and whether it is active', () => {
    renderDashboard();
    const list = within(screen.getByRole('region', { name: 'Subscriptions' })).getAllByRole('listitem');
    expect(list).toHaveLength(2);
    expect(list[0]).toHaveTextContent('Bonding Teams');
    expect(list[0]).toHaveTextContent('Active · teams-yearly · 10 seats · Owner');
    expect(list[0]).toHaveTextContent('Team: Northwind');
    expect(list[1]).toHaveTextContent('Cancelled · families-monthly · 1 seat · Member');
  });

  it('names an admin of someone else’s team an admin', () => {
    renderDashboard({
      account: {
        ...account,
        subscriptions: [
          aSubscription({
            ownerEmail: 'boss@example.com',
            type: 'teams',
            team: { teamId: 1, name: 'T', role: 'admin' },
          }),
        ],
      },
    });
    expect(within(screen.getByRole('region', { name: 'Subscriptions' })).getByRole('listitem')).toHaveTextContent(
      'Admin',
    );
  });

  it('says so when there is no subscription', () => {
    renderDashboard({ account: { ...account, subscriptions: [] } });
    expect(screen.getByText('You have no subscription yet.')).toBeVisible();
  });

  it('counts devices against the limit and names them', () => {
    renderDashboard();
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(devices).toHaveTextContent('2 of 5 devices in use');
    expect(within(devices).getByText('Laptop')).toBeVisible();
  });

  it('shows data use in base 1024', () => {
    renderDashboard();
    const data = screen.getByRole('region', { name: 'Data use' });
    expect(data).toHaveTextContent('12.8 GB used this period');
    expect(data).toHaveTextContent('50 GB included');
  });

  it('sends sign-out from the "Sign out" button', async () => {
    const user = userEvent.setup();
    const { onSignOut } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('disables "Sign out" while signing out', () => {
    renderDashboard({ signingOut: true });
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeDisabled();
  });

  it('shows loading while the account is on its way', () => {
    renderDashboard({ account: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
  });

  it('keeps the place of the cards and of the e-mail line while the account loads, so nothing jumps', () => {
    const { container } = render(
      <TestI18n>
        <DashboardView
          account={undefined}
          loadFailed={false}
          signingOut={false}
          onSignOut={vi.fn()}
          onRetry={vi.fn()}
        />
      </TestI18n>,
    );
    const status = screen.getByRole('status');
    // The notice sits in the first card's frame, not on a row of its own above the cards.
    const frames = status.parentElement?.parentElement;
    expect(frames?.children).toHaveLength(3);
    expect(container.querySelector('header [aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('offers to try again when the account could not be loaded', async () => {
    const user = userEvent.setup();
    const { onRetry } = renderDashboard({ account: undefined, loadFailed: true });
    expect(screen.getByText('We could not load your account.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

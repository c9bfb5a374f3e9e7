import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccountUser, Subscription } from '../../contract/account';
import { AccountView, type AccountViewProps } from '../../src/features/account/account.view';
import { formatDate } from '../../src/lib/format/dates';
import { anAccount, anUpgradeOption, aSubscription } from '../support/fixtures';
import { TestI18n } from '../support/i18n';

const me = { sub: 'owner-id', email: 'owner@example.com' };

const ownedTeams = aSubscription({
  referenceId: 'teams-1',
  type: 'teams',
  productName: 'Bonding Teams',
  planCode: 'teams-yearly',
  title: 'Teams, yearly',
  quantity: 10,
  seatsInUse: 3,
  durationMonths: 12,
  maxSeats: 1000,
  team: { teamId: 1, name: 'Northwind', role: 'admin' },
  upgradeDetails: { upgradeOptions: [anUpgradeOption({ planCode: 'teams-3year' })] },
});
const someoneElsesFamily = aSubscription({
  referenceId: 'families-1',
  type: 'families',
  productName: 'Bonding Families',
  planCode: 'families-monthly',
  title: 'Families, monthly',
  ownerEmail: 'parent@example.com',
  team: { teamId: 2, name: 'Home', role: 'user' },
});

const account: AccountUser = {
  ...anAccount(me, [ownedTeams, someoneElsesFamily]),
  activeDevices: [
    { deviceUuid: 'd-1', name: 'Laptop', lastSeen: '2026-11-21T10:00:00.000Z' },
    { deviceUuid: 'd-2', name: 'Phone', lastSeen: '2026-11-22T10:00:00.000Z' },
  ],
  usedDataGB: 12.75,
  freeLicenseDataGB: 50,
};

function renderAccount(props: Partial<AccountViewProps> = {}) {
  const handlers = { onNavigate: vi.fn(), onRetry: vi.fn() };
  render(
    <TestI18n>
      <AccountView account={account} loadFailed={false} orderSiteUrl="https://order.example" {...handlers} {...props} />
    </TestI18n>,
  );
  return handlers;
}

function withSubscriptions(...subscriptions: Subscription[]): AccountUser {
  return { ...account, subscriptions };
}

/** The card of one subscription, found by its product name. */
function cardOf(productName: string) {
  return within(screen.getByRole('article', { name: productName }));
}

describe('account view', () => {
  it('shows who is signed in under the level-1 heading "Your account", with no sign-out of its own', () => {
    renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    expect(screen.getByText('owner@example.com')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('gives each subscription a card with product, plan, team and the person’s role', () => {
    renderAccount();
    const section = within(screen.getByRole('region', { name: 'Subscriptions' }));
    expect(section.getAllByRole('article')).toHaveLength(2);
    const teams = cardOf('Bonding Teams');
    expect(teams.getByText('Teams, yearly')).toBeVisible();
    expect(teams.getByText('Northwind')).toBeVisible();
    expect(teams.getByText('Your role').nextElementSibling).toHaveTextContent('Owner');
    expect(cardOf('Bonding Families').getByText('Your role').nextElementSibling).toHaveTextContent('Member');
  });

  it('names an admin of someone else’s team an admin', () => {
    renderAccount({
      account: withSubscriptions({ ...ownedTeams, ownerEmail: 'boss@example.com' }),
    });
    expect(cardOf('Bonding Teams').getByText('Your role').nextElementSibling).toHaveTextContent('Admin');
  });

  describe('says where each subscription stands, with dates in the reader’s language', () => {
    const periodEnd = '2026-12-22T12:00:00.000Z';
    const date = formatDate(periodEnd, 'en');

    it.each([
      [
        'an active plan renews at its price',
        { state: 'active', currentPeriodEndsAt: periodEnd },
        `$9.99 per month · Renews on ${date}`,
      ],
      [
        'a yearly plan renews at the price of its seats',
        {
          planCode: 'teams-yearly',
          durationMonths: 12,
          priceCents: 14_999,
          quantity: 10,
          currentPeriodEndsAt: periodEnd,
        },
        `$1,499.90 per year · Renews on ${date}`,
      ],
      [
        'a three-year plan renews every three years',
        { planCode: 'personal-3year', durationMonths: 36, priceCents: 19_999, currentPeriodEndsAt: periodEnd },
        `$199.99 every three years · Renews on ${date}`,
      ],
      ['a canceled plan ends', { state: 'canceled', currentPeriodEndsAt: periodEnd }, `Ends on ${date}`],
      ['an expired plan has expired', { state: 'expired', active: false }, 'Expired'],
      [
        'a one-time plan was paid once',
        { planCode: 'router-lifetime', cancelable: false, currentPeriodEndsAt: null, durationMonths: 0 },
        'Paid once, never expires',
      ],
    ] as const)('%s', (_, overrides, status) => {
      renderAccount({ account: withSubscriptions(aSubscription(overrides)) });
      expect(cardOf('Bonding Personal').getByText('Status').nextElementSibling?.textContent).toBe(status);
    });

    it('writes the date as the reader’s language does', () => {
      const german = setupI18n({ locale: 'de', messages: { de: {} } });
      render(
        <I18nProvider i18n={german}>
          <AccountView
            account={withSubscriptions(aSubscription({ currentPeriodEndsAt: periodEnd }))}
            loadFailed={false}
            orderSiteUrl="https://order.example"
            onNavigate={vi.fn()}
            onRetry={vi.fn()}
          />
        </I18nProvider>,
      );
      expect(screen.getByRole('article')).toHaveTextContent('22. Dezember 2026');
    });
  });

  it('counts a team’s seats in use against the seats bought, in the plural the number needs', () => {
    renderAccount({
      account: withSubscriptions(ownedTeams, {
        ...ownedTeams,
        referenceId: 'teams-2',
        productName: 'Small team',
        quantity: 1,
        seatsInUse: 1,
      }),
    });
    expect(cardOf('Bonding Teams').getByText('Seats').nextElementSibling).toHaveTextContent('3 of 10 seats in use');
    expect(cardOf('Small team').getByText('Seats').nextElementSibling).toHaveTextContent('1 of 1 seat in use');
  });

  it('shows no seats for plans without a team of seats', () => {
    renderAccount({ account: withSubscriptions(aSubscription(), someoneElsesFamily) });
    expect(cardOf('Bonding Personal').queryByText('Seats')).toBeNull();
    expect(cardOf('Bonding Families').queryByText('Seats')).toBeNull();
  });

  describe('offers the actions the person may take', () => {
    const actionsOf = (productName: string) =>
      cardOf(productName)
        .queryAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);

    it('the owner: manage, billing and upgrade while there is an upgrade', () => {
      renderAccount();
      expect(actionsOf('Bonding Teams')).toEqual([
        ['Manage', '/subscription?referenceId=teams-1'],
        ['Billing', '/billing?referenceId=teams-1'],
        ['Upgrade', '/upgrade?referenceId=teams-1'],
      ]);
    });

    it('the owner: no upgrade without an upgrade option, nor once expired', () => {
      renderAccount({
        account: withSubscriptions(
          aSubscription({ referenceId: 'plain' }),
          aSubscription({
            referenceId: 'gone',
            productName: 'Expired plan',
            state: 'expired',
            upgradeDetails: { upgradeOptions: [anUpgradeOption()] },
          }),
        ),
      });
      expect(actionsOf('Bonding Personal').map(([name]) => name)).toEqual(['Manage', 'Billing']);
      expect(actionsOf('Expired plan').map(([name]) => name)).toEqual(['Manage', 'Billing']);
    });

    it('an admin of the team: manage only', () => {
      renderAccount({ account: withSubscriptions({ ...ownedTeams, ownerEmail: 'boss@example.com' }) });
      expect(actionsOf('Bonding Teams')).toEqual([['Manage', '/subscription?referenceId=teams-1']]);
    });

    it('a member: none', () => {
      renderAccount();
      expect(actionsOf('Bonding Families')).toEqual([]);
    });

    it('names the subscription an action belongs to, and hands a plain click to the router', async () => {
      const user = userEvent.setup();
      const { onNavigate } = renderAccount();
      const manage = cardOf('Bonding Teams').getByRole('link', { name: 'Manage' });
      expect(manage).toHaveAccessibleDescription('Bonding Teams');
      await user.click(manage);
      expect(onNavigate).toHaveBeenCalledWith('/subscription?referenceId=teams-1');
    });
  });

  it('says what to do when there is no subscription: choose a plan on the order site', () => {
    renderAccount({ account: withSubscriptions() });
    const section = within(screen.getByRole('region', { name: 'Subscriptions' }));
    expect(section.getByText('You have no subscription yet.')).toBeVisible();
    expect(section.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', 'https://order.example');
  });

  it('counts devices against the limit, names them and links to adding one', () => {
    renderAccount();
    const devices = within(screen.getByRole('region', { name: 'Devices' }));
    expect(devices.getByText('2 of 5 devices in use')).toBeVisible();
    expect(devices.getByText('Laptop')).toBeVisible();
    expect(devices.getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/activate');
  });

  it('says how to add a device when none uses the account', () => {
    renderAccount({ account: { ...account, activeDevices: [] } });
    const devices = within(screen.getByRole('region', { name: 'Devices' }));
    expect(devices.getByText('0 of 5 devices in use')).toBeVisible();
    expect(devices.getByText(/No device uses your account yet/)).toBeVisible();
  });

  it('shows data use against the allowance as a meter, sizes in base 1024', () => {
    renderAccount();
    const data = within(screen.getByRole('region', { name: 'Data use' }));
    expect(data.getByText('12.8 GB of 50 GB used')).toBeVisible();
    const meter = data.getByRole('meter', { name: 'Data use' });
    expect(meter).toHaveAttribute('value', '12.75');
    expect(meter).toHaveAttribute('max', '50');
    expect(meter).toHaveAttribute('aria-valuetext', '12.8 GB of 50 GB used');
  });

  it('keeps the meter within its range when use is over the allowance', () => {
    renderAccount({ account: { ...account, usedDataGB: 1536, freeLicenseDataGB: 1024 } });
    const meter = screen.getByRole('meter', { name: 'Data use' });
    expect(meter).toHaveAttribute('value', '1024');
    expect(meter).toHaveAttribute('aria-valuetext', '1.5 TB of 1 TB used');
  });

  it('shows data use without a meter when there is no allowance', () => {
    renderAccount({ account: { ...account, freeLicenseDataGB: 0, usedDataGB: 0.5 } });
    const data = within(screen.getByRole('region', { name: 'Data use' }));
    expect(data.getByText('512 MB used this period')).toBeVisible();
    expect(data.queryByRole('meter')).toBeNull();
  });

  it('names the period data use counts: the subscription’s, or the calendar month', () => {
    renderAccount();
    const data = within(screen.getByRole('region', { name: 'Data use' }));
    expect(
      data.getByText('Counted from November 1, 2026 to December 1, 2026, the current period of Teams, yearly.'),
    ).toBeVisible();
    cleanup();
    renderAccount({ account: { ...account, usagePeriod: { ...account.usagePeriod, referenceId: null, title: null } } });
    expect(
      within(screen.getByRole('region', { name: 'Data use' })).getByText(
        'Counted from November 1, 2026 to December 1, 2026, this calendar month.',
      ),
    ).toBeVisible();
  });

  it('shows loading while the account is on its way', () => {
    renderAccount({ account: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
  });

  it('keeps the place of the cards and of the e-mail line while the account loads, so nothing jumps', () => {
    const { container } = render(
      <TestI18n>
        <AccountView
          account={undefined}
          loadFailed={false}
          orderSiteUrl="https://order.example"
          onNavigate={vi.fn()}
          onRetry={vi.fn()}
        />
      </TestI18n>,
    );
    const status = screen.getByRole('status');
    // The notice sits in a subscription card's frame (with its title and lines), not on a row of
    // its own above the cards; the devices and data cards keep their frames below.
    expect(status.parentElement?.querySelectorAll(':scope > [aria-hidden="true"]')).toHaveLength(3);
    const hiddenFrames = [...container.querySelectorAll('div[aria-hidden="true"]')].filter(
      (element) => element.children.length === 3,
    );
    expect(hiddenFrames).toHaveLength(2);
    expect(container.querySelector('header [aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('offers to try again when the account could not be loaded', async () => {
    const user = userEvent.setup();
    const { onRetry } = renderAccount({ account: undefined, loadFailed: true });
    expect(screen.getByText('We could not load your account.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

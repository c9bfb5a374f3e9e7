import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { Subscription } from '../../contract/account';
import type { UpgradeOption } from '../../contract/subscriptions';
import { blackFridayOfferMachine } from '../../machines/blackFridayOffer/blackFridayOffer.machine';
import { couponRedemptionMachine } from '../../machines/couponRedemption/couponRedemption.machine';
import { subscriptionLifecycleMachine } from '../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import {
  type PortalLink,
  SubscriptionPortalView,
} from '../../src/features/subscription-portal/subscription-portal.view';
import { aSubscription, aTeamsSubscription } from '../support/fixtures';
import { TestI18n } from '../support/i18n';

const yearlyOption: UpgradeOption = {
  hash: 'offer-1',
  planCode: 'teams-yearly',
  productName: 'Bonding Teams',
  title: 'Teams, yearly',
  type: 'teams',
  priceCents: 10000,
  discountPriceCents: null,
  currency: 'USD',
  durationMonths: 12,
  cancelable: true,
  maxSeats: 500,
};

function renderLink({ to, referenceId, className, children }: PortalLink) {
  return (
    <a href={referenceId ? `${to}?referenceId=${referenceId}` : to} className={className}>
      {children}
    </a>
  );
}

function ownerParts(subscription: Subscription) {
  const [lifecycle] = initialTransition(subscriptionLifecycleMachine, subscription);
  const [coupons] = initialTransition(couponRedemptionMachine, {
    accountId: 'acct-owner',
    subscriptionId: subscription.referenceId,
  });
  const [blackFridayOffer] = initialTransition(blackFridayOfferMachine);
  return {
    lifecycle: { snapshot: lifecycle, send: vi.fn() },
    coupons: { snapshot: coupons, send: vi.fn() },
    blackFridayOffer: { snapshot: blackFridayOffer, send: vi.fn() },
  };
}

function renderPortal(subscription: Subscription, asOwner: boolean) {
  render(
    <TestI18n>
      <SubscriptionPortalView
        subscription={subscription}
        owner={asOwner ? ownerParts(subscription) : null}
        renderLink={renderLink}
      />
    </TestI18n>,
  );
}

const details = () => screen.getByRole('region', { name: 'Details' });
const blackFridayOffer = () => screen.queryByRole('region', { name: 'Black Friday offer' });

/** Offered the Black Friday price on a yearly plan at $80.00 a seat, and none on a three-year plan. */
const offeredBlackFriday = (overrides: Partial<Subscription> = {}) =>
  aTeamsSubscription({
    blackfriday24Eligible: true,
    upgradeDetails: {
      upgradeOptions: [
        { ...yearlyOption, discountPriceCents: 8000 },
        { ...yearlyOption, hash: 'offer-2', planCode: 'teams-3year', priceCents: 25000 },
      ],
    },
    ...overrides,
  });

describe('subscription portal view', () => {
  it('shows the owner the details, every change, the links, the coupons and the team', () => {
    renderPortal(aTeamsSubscription({ upgradeDetails: { upgradeOptions: [yearlyOption] } }), true);
    expect(screen.getByRole('heading', { level: 1, name: 'Bonding Teams' })).toBeVisible();
    expect(details()).toHaveTextContent('PlanTeams, monthly');
    expect(details()).toHaveTextContent('StatusRenews on December 22, 2026');
    expect(details()).toHaveTextContent('Price$50.00 monthly$10.00 per seat');
    expect(details()).toHaveTextContent('Seats3 of 5 seats in use');

    const manage = screen.getByRole('region', { name: 'Manage subscription' });
    expect(within(manage).getByRole('button', { name: 'Change seats' })).toBeEnabled();
    expect(within(manage).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();

    const links = screen.getByRole('navigation', { name: 'Plan and billing' });
    expect(within(links).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/upgrade?referenceId=teams-1',
    );
    expect(within(links).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/billing?referenceId=teams-1',
    );
    expect(screen.getByRole('region', { name: 'Coupons' })).toBeVisible();

    const team = screen.getByRole('region', { name: 'Team' });
    expect(team).toHaveTextContent('Northwind');
    expect(team).toHaveTextContent('3 seats in use');
    expect(screen.queryByText(/Only the owner/)).toBeNull();
  });

  it('shows a team admin who is not the owner the details and the team, and none of the owner’s actions', () => {
    renderPortal(
      aTeamsSubscription({ ownerEmail: 'boss@example.com', upgradeDetails: { upgradeOptions: [yearlyOption] } }),
      false,
    );
    expect(details()).toHaveTextContent('Seats3 of 5 seats in use');
    expect(screen.getByRole('region', { name: 'Team' })).toHaveTextContent('Northwind');
    expect(
      screen.getByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent ===
            'Only the owner of this subscription, boss@example.com, can change its plan, seats and billing.'
          : false,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Manage subscription' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Coupons' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Plan and billing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Billing' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when a canceled subscription ends, and that an expired one has expired', () => {
    renderPortal(aSubscription({ state: 'canceled' }), true);
    expect(details()).toHaveTextContent('StatusEnds on December 22, 2026');
    expect(screen.getByRole('button', { name: 'Keep subscription' })).toBeEnabled();
    render(
      <TestI18n>
        <SubscriptionPortalView
          subscription={aSubscription({ referenceId: 'old', state: 'expired', active: false })}
          owner={null}
          renderLink={renderLink}
        />
      </TestI18n>,
    );
    expect(screen.getAllByRole('region', { name: 'Details' })[1]).toHaveTextContent('StatusExpired');
  });

  it('labels the billing cycle by plan: billed once, monthly, yearly, every three years', () => {
    const cases: [Partial<Subscription>, string][] = [
      [
        { planCode: 'router-lifetime', cancelable: false, priceCents: 19900, durationMonths: 0 },
        '$199.00, billed once',
      ],
      [{ planCode: 'personal-monthly' }, '$9.99 monthly'],
      [{ planCode: 'personal-yearly', priceCents: 9900 }, '$99.00 yearly'],
      [{ planCode: 'personal-3year', priceCents: 19900 }, '$199.00 every three years'],
      [{ planCode: 'router-threeyear', priceCents: 19900 }, '$199.00 every three years'],
    ];
    for (const [overrides, price] of cases) {
      const { unmount } = render(
        <TestI18n>
          <SubscriptionPortalView subscription={aSubscription(overrides)} owner={null} renderLink={renderLink} />
        </TestI18n>,
      );
      expect(details()).toHaveTextContent(`Price${price}`);
      unmount();
    }
  });

  it('offers no upgrade when the plan has no upgrade options, and no seats for a personal plan', () => {
    renderPortal(aSubscription(), true);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Billing' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change seats' })).toBeNull();
    expect(details()).not.toHaveTextContent('Seats');
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
  });

  it('shows the owner the Black Friday offer at its best price for the seats, with the way to it', () => {
    renderPortal(offeredBlackFriday(), true);
    const offer = blackFridayOffer();
    expect(offer).toBeVisible();
    expect(offer?.querySelector('h2')).toHaveTextContent('Black Friday offer');
    expect(offer).toHaveTextContent('Upgrade from $400.00 with the Black Friday offer.');
    expect(within(offer as HTMLElement).getByRole('link', { name: 'See the offer' })).toHaveAttribute(
      'href',
      '/upgrade?referenceId=teams-1',
    );
    expect(within(offer as HTMLElement).getByRole('button', { name: 'No thanks' })).toBeEnabled();
  });

  it('shows a team admin who is not the owner no Black Friday offer', () => {
    renderPortal(offeredBlackFriday({ ownerEmail: 'boss@example.com' }), false);
    expect(blackFridayOffer()).toBeNull();
  });

  it('shows no Black Friday offer without a discounted option, once delisted, or on an expired subscription', () => {
    const cases = [
      offeredBlackFriday({ upgradeDetails: { upgradeOptions: [yearlyOption] } }),
      offeredBlackFriday({ blackfriday24Eligible: false }),
      offeredBlackFriday({ state: 'expired', active: false }),
    ];
    for (const subscription of cases) {
      renderPortal(subscription, true);
      expect(blackFridayOffer()).toBeNull();
      cleanup();
    }
  });

  it('keeps confirming the delisting once the account read again no longer offers it', () => {
    const subscription = offeredBlackFriday({ blackfriday24Eligible: false });
    let [offer] = initialTransition(blackFridayOfferMachine);
    for (const event of [
      { type: 'user.delist' },
      { type: 'user.confirmDelist' },
      { type: 'xstate.done.actor.delistOffer', output: undefined, actorId: 'delistOffer' },
    ])
      [offer] = transition(blackFridayOfferMachine, offer, event as never);
    render(
      <TestI18n>
        <SubscriptionPortalView
          subscription={subscription}
          owner={{ ...ownerParts(subscription), blackFridayOffer: { snapshot: offer, send: vi.fn() } }}
          renderLink={renderLink}
        />
      </TestI18n>,
    );
    expect(within(blackFridayOffer() as HTMLElement).getByRole('status')).toHaveTextContent(
      'The Black Friday offer is hidden. It will not be offered again for this subscription.',
    );
  });
});

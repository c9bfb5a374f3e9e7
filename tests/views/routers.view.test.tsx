import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Router } from '../../contract/routers';
import { type RouterPlan, RoutersView } from '../../src/features/routers/routers.view';
import { TestI18n } from '../support/i18n';

const livingRoom: Router = {
  routerId: 'router-living-room',
  name: 'Living room router',
  vendor: 'miri',
  role: 'client',
  lastActiveTime: '2026-11-25T08:00:00.000Z',
  state: 'online',
  subscription: {
    referenceId: 'demo-router-lifetime',
    productName: 'Bonding Router',
    planCode: 'router-lifetime',
    state: 'active',
  },
  team: null,
  isOwner: true,
};
const studioUplink: Router = {
  ...livingRoom,
  routerId: 'router-studio',
  name: 'Studio uplink',
  vendor: 'strata',
  state: 'offline',
  subscription: {
    referenceId: 'demo-team-router',
    productName: 'Bonding Router',
    planCode: 'router-lifetime',
    state: 'canceled',
  },
  team: { teamId: 7, name: 'Northwind Broadcast' },
  isOwner: false,
};
const plans: RouterPlan[] = [
  {
    referenceId: 'demo-router-lifetime',
    title: 'Router with lifetime service',
    state: 'active',
    currentPeriodEndsAt: null,
  },
  {
    referenceId: 'demo-router-service',
    title: 'Router service, three years',
    state: 'active',
    currentPeriodEndsAt: '2028-05-01T00:00:00.000Z',
  },
];

function renderRouters(props: Parameters<typeof RoutersView>[0]) {
  render(
    <TestI18n>
      <RoutersView {...props} />
    </TestI18n>,
  );
}

describe('RoutersView', () => {
  it('lists each router with its vendor, state, subscription and team, and each router plan with its router', () => {
    renderRouters({ status: 'success', routers: [livingRoom, studioUplink], routerPlans: plans, onNavigate: vi.fn() });
    const [, ownRow, teamRow] = screen.getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(ownRow).getByRole('rowheader')).toHaveTextContent('Living room router');
    expect(ownRow).toHaveTextContent(/Miri.*Online.*Bonding Router.*Not shared/);
    expect(teamRow).toHaveTextContent(
      /Studio uplink.*Lent to your team.*Strata.*Offline.*Canceled.*Northwind Broadcast/,
    );

    const routerPlans = within(screen.getByRole('region', { name: 'Router subscriptions' }));
    expect(routerPlans.getByText('Router with lifetime service').closest('li')).toHaveTextContent(
      'Used by Living room router',
    );
    expect(routerPlans.getByText('Router service, three years').closest('li')).toHaveTextContent(
      /Not used by a router yet · Until May 1, 2028/,
    );
    expect(routerPlans.getByRole('link', { name: 'Redeem a router coupon' })).toHaveAttribute(
      'href',
      '/redeem-router-coupon',
    );
  });

  it('says what to do when there are no routers and no router plans', () => {
    renderRouters({ status: 'success', routers: [], routerPlans: [], onNavigate: vi.fn() });
    expect(screen.getByText(/No routers yet/)).toBeVisible();
    expect(screen.getByText(/Redeem the coupon that came with your router/)).toBeVisible();
  });

  it('offers to try again when the routers could not be read', async () => {
    const onRetry = vi.fn();
    renderRouters({ status: 'error', onRetry, onNavigate: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your routers.');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

import type { AccountUser, Subscription } from '../../../contract/account';
import { type BillingCycle, billingCycleOf, pricePerPeriodCents } from '../../../contract/pricing';
import { isAdminOrOwner, isOwner } from '../../app/guards';

type SubscriptionRole = 'owner' | 'admin' | 'member';

/** Where a subscription stands, as the account page words it. */
export type SubscriptionStanding =
  /** What the renewal charges at the plan's list price for the seats, per cycle. */
  | { kind: 'renews'; on: string; price: { cents: number; currency: string; cycle: BillingCycle } }
  | { kind: 'ends'; on: string }
  | { kind: 'endsUndated' }
  | { kind: 'expired' }
  | { kind: 'paidOnce' };

export type SubscriptionCard = {
  subscription: Subscription;
  role: SubscriptionRole;
  standing: SubscriptionStanding;
  /** Teams only: seats in use of the seats bought. */
  seats: { inUse: number; total: number } | null;
  /** What this person may do with it, by the route guards' own rules. */
  mayManage: boolean;
  mayOpenBilling: boolean;
  mayUpgrade: boolean;
};

function standingOf(subscription: Subscription): SubscriptionStanding {
  const periodEnd = subscription.currentPeriodEndsAt;
  if (subscription.state === 'expired') return { kind: 'expired' };
  if (subscription.state === 'canceled') return periodEnd ? { kind: 'ends', on: periodEnd } : { kind: 'endsUndated' };
  if (!periodEnd) return { kind: 'paidOnce' };
  const price = {
    cents: pricePerPeriodCents(subscription.priceCents, subscription.quantity),
    currency: subscription.currency,
    cycle: billingCycleOf(subscription),
  };
  return { kind: 'renews', on: periodEnd, price };
}

/** One subscription as the account page shows it to this account's person. */
export function subscriptionCardOf(account: Pick<AccountUser, 'email'>, subscription: Subscription): SubscriptionCard {
  const owner = isOwner(account, subscription);
  const adminOrOwner = isAdminOrOwner(account, subscription);
  return {
    subscription,
    role: owner ? 'owner' : adminOrOwner ? 'admin' : 'member',
    standing: standingOf(subscription),
    seats: subscription.type === 'teams' ? { inUse: subscription.seatsInUse ?? 0, total: subscription.quantity } : null,
    mayManage: adminOrOwner,
    mayOpenBilling: owner,
    mayUpgrade: owner && subscription.state !== 'expired' && subscription.upgradeDetails.upgradeOptions.length > 0,
  };
}

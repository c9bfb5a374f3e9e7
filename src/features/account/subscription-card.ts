import type { AccountUser, Subscription } from '../../../contract/account';
import { isAdminOrOwner, isOwner } from '../../app/guards';

type SubscriptionRole = 'owner' | 'admin' | 'member';

/** Where a subscription stands, as the account page words it. */
export type SubscriptionStanding =
  | { kind: 'renews'; on: string }
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
  return periodEnd ? { kind: 'renews', on: periodEnd } : { kind: 'paidOnce' };
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

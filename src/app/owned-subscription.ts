import type { AccountUser, Subscription } from '../../contract/account';
import { isOwner } from './guards';

/** The subscriptions this person owns (docs/spec.md §6: only the owner opens billing and upgrade). */
export function ownedSubscriptionsOf(account: AccountUser): Subscription[] {
  return account.subscriptions.filter((subscription) => isOwner(account, subscription));
}

/**
 * The owned subscription an owner page is about: the one named by referenceId, or without one the
 * person's only owned subscription; null when there is no such one (or several to choose from).
 */
export function ownedSubscriptionFor(account: AccountUser, referenceId: string | undefined): Subscription | null {
  const owned = ownedSubscriptionsOf(account);
  if (referenceId !== undefined) return owned.find((subscription) => subscription.referenceId === referenceId) ?? null;
  const [only] = owned;
  return owned.length === 1 && only ? only : null;
}

import type { Database } from '../../db/database';
import type { Billing } from './billing';

/** Cancel, uncancel, seats, upgrade and its preview, the Black Friday delisting. */
export function createSubscriptionChanges(
  _db: Database,
  _now: () => Date,
): Pick<Billing, 'cancel' | 'uncancel' | 'updateQuantity' | 'previewUpgrade' | 'upgrade' | 'delistBlackFriday'> {
  throw new Error('subscription changes: not built yet');
}

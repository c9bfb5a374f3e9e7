import type { Database } from '../../db/database';
import type { Billing } from './billing';

type SubscriptionChanges = Pick<
  Billing,
  'cancel' | 'uncancel' | 'updateQuantity' | 'previewUpgrade' | 'upgrade' | 'delistBlackFriday'
>;

const notBuilt = async (): Promise<never> => {
  throw new Error('subscription changes: not built yet');
};

/** Cancel, uncancel, seats, upgrade and its preview, the Black Friday delisting. */
export function createSubscriptionChanges(_db: Database, _now: () => Date): SubscriptionChanges {
  return {
    cancel: notBuilt,
    uncancel: notBuilt,
    updateQuantity: notBuilt,
    previewUpgrade: notBuilt,
    upgrade: notBuilt,
    delistBlackFriday: notBuilt,
  };
}

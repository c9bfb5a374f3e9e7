import type { Database } from '../../db/database';
import type { Billing } from './billing';

/** Coupons, the billing overview and invoices, prices, the order site's events and period ends. */
export function createBillingRecords(
  _db: Database,
  _now: () => Date,
): Omit<Billing, 'cancel' | 'uncancel' | 'updateQuantity' | 'previewUpgrade' | 'upgrade' | 'delistBlackFriday'> {
  throw new Error('billing records: not built yet');
}

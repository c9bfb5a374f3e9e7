import type { Database } from '../../db/database';
import type { Billing } from './billing';
import { createCoupons } from './coupons';
import { createEventApplier } from './events';
import { createBillingReads } from './invoices-read';
import { createPeriodProcessing } from './period-job';

type BillingRecords = Omit<
  Billing,
  'cancel' | 'uncancel' | 'updateQuantity' | 'previewSeats' | 'previewUpgrade' | 'upgrade' | 'delistBlackFriday'
>;

/** Coupons, the billing overview and invoices, prices, the order site's events and period ends. */
export function createBillingRecords(db: Database, now: () => Date): BillingRecords {
  return {
    ...createCoupons(db, now),
    ...createBillingReads(db),
    applyEvent: createEventApplier(db, now),
    processPeriodEnds: createPeriodProcessing(db, now),
  };
}

import type { Database } from '../../db/database';
import type { Billing } from './billing';
import { createBillingRecords } from './billing-records';
import { createSubscriptionChanges } from './subscription-changes';

/** The built-in ledger in PostgreSQL: the embedded default implementation of the billing seam. */
export function createLedger(db: Database, now: () => Date): Billing {
  return { ...createSubscriptionChanges(db, now), ...createBillingRecords(db, now) };
}

import type { Database } from '../../db/database';
import type { Billing } from './billing';

type BillingRecords = Omit<
  Billing,
  'cancel' | 'uncancel' | 'updateQuantity' | 'previewUpgrade' | 'upgrade' | 'delistBlackFriday'
>;

const notBuilt = async (): Promise<never> => {
  throw new Error('billing records: not built yet');
};

/** Coupons, the billing overview and invoices, prices, the order site's events and period ends. */
export function createBillingRecords(_db: Database, _now: () => Date): BillingRecords {
  return {
    listCoupons: notBuilt,
    redeemCoupon: notBuilt,
    overview: notBuilt,
    invoice: notBuilt,
    pricing: notBuilt,
    applyEvent: notBuilt,
    processPeriodEnds: notBuilt,
  };
}

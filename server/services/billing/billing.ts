import type { BillingEvent, BillingOverview, Invoice } from '../../../contract/billing';
import type {
  CancelSubscriptionRequest,
  CouponList,
  CouponRedemption,
  Pricing,
  RedeemCouponRequest,
  SubscriptionChangeResponse,
  UpgradePreview,
  UpgradePreviewRequest,
  UpgradeSubscriptionRequest,
} from '../../../contract/subscriptions';

/**
 * The billing seam (docs/decisions/0004-billing-ledger.md): everything the routes ask of billing.
 * The built-in ledger in PostgreSQL implements it; a hosted billing provider could implement it
 * instead. Refusals are thrown as Refusal (server/services/refusal) with the contract's messages:
 * 404 for a subscription the person cannot see, 403 for one they see but may not change.
 */
import type { Caller } from '../caller';

export type { Caller };

export interface Billing {
  cancel(actor: Caller, referenceId: string, request: CancelSubscriptionRequest): Promise<SubscriptionChangeResponse>;
  uncancel(actor: Caller, referenceId: string): Promise<SubscriptionChangeResponse>;
  /** Serialised per subscription: never below the seats in use, whatever runs at the same time. */
  updateQuantity(actor: Caller, referenceId: string, quantity: number): Promise<SubscriptionChangeResponse>;
  previewUpgrade(actor: Caller, referenceId: string, request: UpgradePreviewRequest): Promise<UpgradePreview>;
  /** Of two at once, one wins and the other is refused with 409. */
  upgrade(actor: Caller, referenceId: string, request: UpgradeSubscriptionRequest): Promise<SubscriptionChangeResponse>;
  delistBlackFriday(actor: Caller, referenceId: string): Promise<void>;

  listCoupons(actor: Caller, referenceId: string): Promise<CouponList>;
  redeemCoupon(actor: Caller, request: RedeemCouponRequest): Promise<CouponRedemption>;
  overview(actor: Caller, referenceId: string): Promise<BillingOverview>;
  invoice(actor: Caller, invoiceNumber: number): Promise<Invoice>;
  pricing(): Promise<Pricing>;

  /** Applies an event of the order site once; a second time it answers 'replayed' and changes nothing. */
  applyEvent(event: BillingEvent): Promise<'applied' | 'replayed'>;
  /** Expires canceled subscriptions and renews active ones whose period has ended. */
  processPeriodEnds(): Promise<{ expired: number; renewed: number }>;
}

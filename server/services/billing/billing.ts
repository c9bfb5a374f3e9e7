import type { BillingEvent, BillingOverview, Invoice } from '../../../contract/billing';
import type {
  CancelSubscriptionRequest,
  CouponList,
  CouponRedemption,
  Pricing,
  RedeemCouponRequest,
  SeatsPreview,
  SubscriptionChangeResponse,
  UpgradePreview,
  UpgradePreviewRequest,
  UpgradeSubscriptionRequest,
} from '../../../contract/subscriptions';
import type { Caller } from '../caller';

export type { Caller };

/**
 * The billing seam (docs/decisions/0004-billing-ledger.md): everything the portal asks of billing.
 * The built-in ledger in PostgreSQL implements it; a hosted billing provider could implement it
 * instead. It says no by throwing a Refusal (server/services/refusal) with a code and the contract's
 * message: `not_found` for a subscription the caller cannot see (a stranger learns nothing),
 * `forbidden` for one they see but may not change, `subscription_refused` for a change its plan,
 * state or seats do not allow, `coupon_refused` for a coupon that does not apply.
 */
export interface Billing {
  cancel(caller: Caller, referenceId: string, request: CancelSubscriptionRequest): Promise<SubscriptionChangeResponse>;
  uncancel(caller: Caller, referenceId: string): Promise<SubscriptionChangeResponse>;
  /** Serialised per subscription: never below the seats in use, whatever runs at the same time. */
  updateQuantity(caller: Caller, referenceId: string, quantity: number): Promise<SubscriptionChangeResponse>;
  previewSeats(caller: Caller, referenceId: string, quantity: number): Promise<SeatsPreview>;
  previewUpgrade(caller: Caller, referenceId: string, request: UpgradePreviewRequest): Promise<UpgradePreview>;
  /** Of two at once, one wins and the other is refused with `subscription_conflict`. */
  upgrade(
    caller: Caller,
    referenceId: string,
    request: UpgradeSubscriptionRequest,
  ): Promise<SubscriptionChangeResponse>;
  delistBlackFriday(caller: Caller, referenceId: string): Promise<void>;

  listCoupons(caller: Caller, referenceId: string): Promise<CouponList>;
  /** Unlimited here: the portal's limit on tries is taken in front of the seam (coupon-tries.ts). */
  redeemCoupon(caller: Caller, request: RedeemCouponRequest): Promise<CouponRedemption>;
  overview(caller: Caller, referenceId: string): Promise<BillingOverview>;
  /** Only the caller's own invoices exist for them: any other number is `not_found`. */
  invoice(caller: Caller, invoiceNumber: number): Promise<Invoice>;
  pricing(): Promise<Pricing>;

  /**
   * Applies an event of the order site once; a second time it answers 'replayed' and changes nothing.
   * An event that cannot be applied is refused (`validation_failed`, of kind 'unprocessable') and
   * not recorded, so it may be sent again once corrected.
   */
  applyEvent(event: BillingEvent): Promise<'applied' | 'replayed'>;
  /** Expires canceled subscriptions and renews active ones whose period has ended. */
  processPeriodEnds(): Promise<{ expired: number; renewed: number }>;
}

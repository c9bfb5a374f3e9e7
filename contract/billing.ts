import * as v from 'valibot';
import { Coupon, CurrencyCode, InvoiceLine, SubscriptionState } from './subscriptions';

/**
 * The billing page (owner only) and the order site's signed events. The portal's built-in ledger
 * answers these; a hosted billing provider could answer them instead (docs/decisions/0004).
 */

export const InvoiceSummary = v.object({
  invoiceNumber: v.number(),
  issuedAt: v.string(),
  /** purchase, renewal, upgrade: what raised the invoice. */
  reason: v.picklist(['purchase', 'renewal', 'upgrade', 'seats']),
  totalCents: v.number(),
  currency: CurrencyCode,
});
export type InvoiceSummary = v.InferOutput<typeof InvoiceSummary>;

/** The card the order site charges, as it reports it: never the number, only what names the card. */
export const PaymentMethod = v.object({
  /** The card's brand as the order site names it ("Visa", "Mastercard"). */
  brand: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/, 'The last four digits are exactly four digits.')),
  expMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2999)),
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethod>;

/** GET /api/billing?referenceId=…: the subscription's billing as its owner sees it. */
export const BillingOverview = v.object({
  referenceId: v.string(),
  accountCode: v.string(),
  planCode: v.string(),
  productName: v.string(),
  title: v.string(),
  state: SubscriptionState,
  quantity: v.number(),
  cancelable: v.boolean(),
  durationMonths: v.number(),
  currency: CurrencyCode,
  /** The plan's list price for the subscription's seats, per period (once for a one-time plan), before coupons. */
  priceCents: v.number(),
  /** ISO time the current period ends; null for a one-time plan. */
  nextBillingDate: v.nullable(v.string()),
  /** What the next renewal will charge, coupons included; null when nothing renews. */
  nextAmountCents: v.nullable(v.number()),
  couponsApplied: v.array(Coupon),
  invoices: v.array(InvoiceSummary),
  /** The card the order site charges for this account; null when it has reported none. */
  paymentMethod: v.nullable(PaymentMethod),
});
export type BillingOverview = v.InferOutput<typeof BillingOverview>;

export const BillingQuery = v.object({ referenceId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

/** GET /api/billing/invoices/{number}: one invoice with its lines, for the printable page. */
export const Invoice = v.object({
  ...InvoiceSummary.entries,
  referenceId: v.string(),
  accountCode: v.string(),
  billedTo: v.string(),
  periodStart: v.nullable(v.string()),
  periodEnd: v.nullable(v.string()),
  lines: v.array(InvoiceLine),
});
export type Invoice = v.InferOutput<typeof Invoice>;

/** The headers of a signed event: the Unix time in seconds, and `v1=` hex HMAC-SHA256 of `${timestamp}.${body}`. */
export const billingSignatureHeaders = { timestamp: 'x-billing-timestamp', signature: 'x-billing-signature' } as const;
export const billingEventToleranceSeconds = 5 * 60;

const EventId = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const AccountCode = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const ReferenceId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Reference ids are letters, digits, - and _.'),
);

/** POST /api/billing/events: what the order site tells the portal, each event applied once. */
export const BillingEvent = v.variant('type', [
  v.object({
    id: EventId,
    type: v.literal('subscription.created'),
    data: v.object({
      referenceId: ReferenceId,
      accountEmail: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email()),
      planCode: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
      quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 1),
      blackfriday24Eligible: v.optional(v.boolean(), false),
      couponId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
      /** When the purchase happened; defaults to when the event arrives (demo data backdates it). */
      purchasedAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
    }),
  }),
  v.object({ id: EventId, type: v.literal('subscription.renewed'), data: v.object({ referenceId: ReferenceId }) }),
  v.object({ id: EventId, type: v.literal('subscription.expired'), data: v.object({ referenceId: ReferenceId }) }),
  /** The person gave the order site another card: the billing page names it from now on. */
  v.object({
    id: EventId,
    type: v.literal('payment_method.updated'),
    data: v.object({ accountCode: AccountCode, paymentMethod: v.strictObject(PaymentMethod.entries) }),
  }),
]);
export type BillingEvent = v.InferOutput<typeof BillingEvent>;

export const BillingEventReceipt = v.object({ received: v.literal(true), eventId: v.string() });

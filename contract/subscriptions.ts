import * as v from 'valibot';
import type { RateLimit } from './http';

/**
 * Subscriptions and what their owner changes on them (docs/spec.md §3, §4, §6 and §7): cancel,
 * uncancel, seats, upgrade with its proration preview, coupons, the Black Friday offer, and the
 * public price list. Money is in minor units (cents) with an ISO 4217 currency everywhere.
 */

export const PlanType = v.picklist(['teams', 'families', 'dedicated_server', 'router', 'others']);
export type PlanType = v.InferOutput<typeof PlanType>;

/** active → canceled (still usable until the period ends, can be uncanceled) → expired. */
export const SubscriptionState = v.picklist(['active', 'canceled', 'expired']);
export type SubscriptionState = v.InferOutput<typeof SubscriptionState>;

export const CurrencyCode = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));

/** One offer on the upgrade screen; `hash` identifies the offer (plan, price and subscription). */
export const UpgradeOption = v.object({
  hash: v.string(),
  planCode: v.string(),
  productName: v.string(),
  title: v.string(),
  type: PlanType,
  priceCents: v.number(),
  /** The Black Friday price, when this subscription is offered it. */
  discountPriceCents: v.nullable(v.number()),
  currency: CurrencyCode,
  /** 0 for a one-time plan. */
  durationMonths: v.number(),
  cancelable: v.boolean(),
  maxSeats: v.number(),
});
export type UpgradeOption = v.InferOutput<typeof UpgradeOption>;

export const CancelReason = v.picklist(['tooExpensive', 'missingFeatures', 'switchedService', 'unused', 'other']);
export type CancelReason = v.InferOutput<typeof CancelReason>;

export const cancelNoteMaxLength = 500;

/** DELETE /api/subscription/{id}: the body is optional; without a reason, none is kept. */
export const CancelSubscriptionRequest = v.object({
  reason: v.optional(CancelReason),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(cancelNoteMaxLength, 'Please keep the note under 500 characters.')),
  ),
});
export type CancelSubscriptionRequest = v.InferOutput<typeof CancelSubscriptionRequest>;

const maxSeatsPerSubscription = 1000;

export const SubscriptionMessage = {
  quantityInvalid: 'Please enter a whole number of seats.',
  quantityBelowSeatsInUse: 'You cannot have fewer seats than are in use. Remove members or invitations first.',
  quantityAboveMaximum: 'This plan allows no more seats.',
  quantityBelowMinimum: 'This plan needs more seats than that.',
  quantityFixed: 'This plan has a fixed number of seats.',
  notCancelable: 'This plan cannot be canceled.',
  notActive: 'This subscription is not active.',
  notCanceled: 'This subscription is not canceled.',
  expired: 'This subscription has expired.',
  notAnUpgradeOption: 'This plan is not an upgrade offered for this subscription.',
  upgradeConflict: 'This subscription was changed at the same time. Please review it and try again.',
  notOwner: 'Only the owner of this subscription can do this.',
  notYourAccount: 'This is not your account.',
  couponUnknown: 'This coupon does not exist.',
  couponExpired: 'This coupon has expired.',
  couponUsedUp: 'This coupon has been used up.',
  couponAlreadyRedeemed: 'This coupon is already redeemed on this subscription.',
  couponNotApplicable: 'This coupon does not apply to this subscription.',
  couponNotCombinable: 'This subscription already has a coupon, and the two cannot be combined.',
  blackFridayNotOffered: 'This subscription has no Black Friday offer.',
} as const;

/** PUT /api/subscription/{id}/quantity, answered 202. */
export const UpdateQuantityRequest = v.object({
  quantity: v.pipe(
    v.number(SubscriptionMessage.quantityInvalid),
    v.integer(SubscriptionMessage.quantityInvalid),
    v.minValue(1, SubscriptionMessage.quantityInvalid),
    v.maxValue(maxSeatsPerSubscription, SubscriptionMessage.quantityAboveMaximum),
  ),
});

const Quantity = UpdateQuantityRequest.entries.quantity;

/** PUT /api/subscription/{id}: the spec's payload. */
export const UpgradeSubscriptionRequest = v.object({
  userid: v.string(),
  email: v.string(),
  referenceId: v.string(),
  storeType: v.optional(v.string()),
  newPlanCode: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  quantity: Quantity,
  prorate: v.literal(true),
  blackfriday24Eligible: v.boolean(),
});
export type UpgradeSubscriptionRequest = v.InferOutput<typeof UpgradeSubscriptionRequest>;

/** POST /api/subscription/{id}/upgrade-preview: what the upgrade would charge, before it happens. */
export const UpgradePreviewRequest = v.object({
  newPlanCode: UpgradeSubscriptionRequest.entries.newPlanCode,
  quantity: Quantity,
  blackfriday24Eligible: v.boolean(),
});
export type UpgradePreviewRequest = v.InferOutput<typeof UpgradePreviewRequest>;

const InvoiceLineKind = v.picklist(['plan', 'prorationCredit', 'couponDiscount']);

export const InvoiceLine = v.object({
  kind: InvoiceLineKind,
  /** The plan's title, or the coupon's name; the screen words the line by its kind. */
  description: v.string(),
  quantity: v.number(),
  /** Negative for credits and discounts. */
  amountCents: v.number(),
});
export type InvoiceLine = v.InferOutput<typeof InvoiceLine>;

export const UpgradePreview = v.object({
  planCode: v.string(),
  quantity: v.number(),
  currency: CurrencyCode,
  lines: v.array(InvoiceLine),
  /** Never below zero: a credit larger than the charge is not paid out. */
  totalCents: v.number(),
  /** ISO time; null for a one-time plan. */
  nextBillingDate: v.nullable(v.string()),
});
export type UpgradePreview = v.InferOutput<typeof UpgradePreview>;

/**
 * POST /api/subscription/{id}/quantity-preview: what a change of seats costs, asked before it is
 * made (docs/decisions/0023-seats-priced.md). Seats added beyond those paid for the current period
 * are charged at once for the time left of it; fewer seats take no credit; the new price is billed
 * from the next renewal.
 */
export const SeatsPreview = v.object({
  quantity: v.number(),
  currency: CurrencyCode,
  /** The plan's price per period for the seats asked for, from the next renewal. */
  recurringCents: v.number(),
  /** Charged with the change: the seats added beyond those paid for this period, for its time left. */
  dueNowCents: v.number(),
  /** The seats already paid for this period. */
  paidSeats: v.number(),
  /** ISO time the current period ends (the next renewal); null for a one-time plan. */
  periodEnd: v.nullable(v.string()),
  /** When the new count takes effect: null for at once, the renewal for fewer seats. */
  effectiveAt: v.nullable(v.string()),
});
export type SeatsPreview = v.InferOutput<typeof SeatsPreview>;

/** The answer of every subscription change: what it became, and the invoice it raised, if any. */
export const SubscriptionChangeResponse = v.object({
  success: v.literal(true),
  state: SubscriptionState,
  planCode: v.string(),
  quantity: v.number(),
  /** Fewer seats asked for, from the next renewal; null when the renewal bills `quantity`. */
  renewalQuantity: v.nullable(v.number()),
  invoiceNumber: v.nullable(v.number()),
});
export type SubscriptionChangeResponse = v.InferOutput<typeof SubscriptionChangeResponse>;

/** A coupon as the subscription portal lists it (GET /api/recurly/coupon?subscriptionId=…). */
export const Coupon = v.object({
  couponId: v.string(),
  name: v.string(),
  /** Exactly one of the two discounts is set. */
  percentOff: v.nullable(v.number()),
  amountOffCents: v.nullable(v.number()),
  currency: CurrencyCode,
  /** once: the next invoice; forever: every invoice while the subscription lasts. */
  duration: v.picklist(['once', 'forever']),
  expiresAt: v.nullable(v.string()),
});
export type Coupon = v.InferOutput<typeof Coupon>;

export const CouponListQuery = v.object({ subscriptionId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });
export const CouponList = v.object({ coupons: v.array(Coupon) });
export type CouponList = v.InferOutput<typeof CouponList>;

/** POST /api/recurly/redemption; accountId is the billing account code (recurlyAccountCode). */
export const RedeemCouponRequest = v.object({
  accountId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  subscriptionId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  couponId: v.pipe(v.string(), v.trim(), v.minLength(1, 'Please enter a coupon code.'), v.maxLength(100)),
});
export type RedeemCouponRequest = v.InferOutput<typeof RedeemCouponRequest>;

/** Coupon codes an account may try: plenty for a person, too few to guess private codes. */
export const couponLimits = {
  redemptionsPerAccount: { name: 'coupon-redemption:account', limit: 10, windowSeconds: 3600, per: 'account' },
} as const satisfies Record<string, RateLimit>;

export const CouponRedemption = v.object({
  success: v.literal(true),
  couponId: v.string(),
  subscriptionId: v.string(),
  redeemedAt: v.string(),
});
export type CouponRedemption = v.InferOutput<typeof CouponRedemption>;

/** GET /api/pricing, public and cacheable: plan code → price per period in major units (docs/spec.md §3). */
export const Pricing = v.record(v.string(), v.number());
export type Pricing = v.InferOutput<typeof Pricing>;

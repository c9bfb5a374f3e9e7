import * as v from 'valibot';
import type { RateLimit } from './http';

/**
 * Routers (docs/spec.md §3, §4, §6, §7 and §9; docs/decisions/0007-routers.md): a person's routers and
 * those of their teams, team routers, the partner routers' success flags, and router coupons.
 */

/** The two partner vendors; miri is the one with the partner theme of the same name. */
export const RouterVendor = v.picklist(['miri', 'strata']);
export type RouterVendor = v.InferOutput<typeof RouterVendor>;

export const RouterState = v.picklist(['setup', 'online', 'offline']);
export type RouterState = v.InferOutput<typeof RouterState>;

export const RouterMessage = {
  routerNotFound: 'There is no such router.',
  /** Unknown, or neither the person's own nor the team owner's: the same answer, so nothing leaks. */
  routerSubscriptionNotFound: 'There is no such router subscription.',
  notARouterSubscription: 'Only a router subscription can be associated with a team.',
  routerSubscriptionExpired: 'This router subscription has expired. Renew it before you associate it with a team.',
  alreadyInAnotherTeam: 'This router subscription is already associated with another team. Dissociate it there first.',
  notAssociated: 'This router subscription is not associated with this team.',
  couponRequired: 'Please enter a router coupon code.',
  couponUnknown: 'This router coupon code is not valid. Please check it and try again.',
  couponUsed: 'This router coupon has already been redeemed.',
  couponExpired: 'This router coupon has expired.',
} as const;

/**
 * docs/spec.md §9: a router subscription is one whose product name says router and not promo; the
 * name alone decides, so self-hosted router products qualify by their name too.
 */
export function isRouterProduct(productName: string): boolean {
  return /router/i.test(productName) && !/promo/i.test(productName);
}

const RouterSubscription = v.object({
  referenceId: v.string(),
  productName: v.string(),
  planCode: v.string(),
  state: v.picklist(['active', 'canceled', 'expired']),
});

export const Router = v.object({
  routerId: v.string(),
  name: v.string(),
  vendor: RouterVendor,
  /** docs/spec.md §6: a router's role is client. */
  role: v.literal('client'),
  /** ISO time. */
  lastActiveTime: v.string(),
  state: RouterState,
  subscription: v.nullable(RouterSubscription),
  /** The team the router's subscription is associated with. */
  team: v.nullable(v.object({ teamId: v.number(), name: v.string() })),
  /** Whether the person owns it (the others are routers of their teams). */
  isOwner: v.boolean(),
});
export type Router = v.InferOutput<typeof Router>;

/** GET /api/account/routers: the person's own routers, then those of their teams' router subscriptions. */
export const RouterList = v.object({ routers: v.array(Router) });
export type RouterList = v.InferOutput<typeof RouterList>;

/** PUT /api/account/team-router/associate and DELETE /api/account/team-router/dissociate. */
export const TeamRouterRequest = v.object({
  teamId: v.pipe(v.number(), v.integer()),
  routerReferenceId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});
export type TeamRouterRequest = v.InferOutput<typeof TeamRouterRequest>;

/** The team's router subscriptions after the change, as the team read lists them. */
export const TeamRouterResponse = v.object({
  teamId: v.number(),
  associatedRouterSubContexts: v.array(v.object({ routerReferenceId: v.string() })),
});
export type TeamRouterResponse = v.InferOutput<typeof TeamRouterResponse>;

/** GET /api/partner-router/device/{id}, for the router's owner. */
export const PartnerRouterDevice = v.object({
  routerId: v.string(),
  name: v.string(),
  vendor: RouterVendor,
  serial: v.string(),
  state: RouterState,
  lastActiveTime: v.string(),
  /** ISO time the router was set up with the account: the 90-day success message counts from it. */
  activatedAt: v.string(),
  /** Each decides whether its success message is shown again: once set, it is not. */
  flags: v.object({
    hasShown90DaySuccess: v.boolean(),
    seenRouterActivationSuccess: v.boolean(),
  }),
});
export type PartnerRouterDevice = v.InferOutput<typeof PartnerRouterDevice>;

/** The 90-day success message is shown once a router has been with its owner this long. */
export const routerMilestoneDays = 90;

/**
 * Coupon codes are short enough to guess at: every attempt counts, right or wrong, ten an hour per
 * account and thirty an hour per client address.
 */
export const routerCouponLimits = {
  perAccount: { name: 'router-coupon:account', limit: 10, windowSeconds: 3600, per: 'account' },
  perClient: { name: 'router-coupon:client', limit: 30, windowSeconds: 3600, per: 'client address' },
} as const satisfies Record<string, RateLimit>;

/** Codes are matched without regard to case or surrounding spaces. */
export const RouterCouponRedemptionRequest = v.object({
  coupon: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.minLength(1, RouterMessage.couponRequired),
    v.maxLength(64, RouterMessage.couponUnknown),
  ),
});
export type RouterCouponRedemptionRequest = v.InferOutput<typeof RouterCouponRedemptionRequest>;

/** POST /api/account/router-coupon-redemption, 201: the new router subscription. */
export const RouterCouponRedemptionResponse = v.object({
  referenceId: v.string(),
  planCode: v.string(),
});
export type RouterCouponRedemptionResponse = v.InferOutput<typeof RouterCouponRedemptionResponse>;

import { Hono } from 'hono';
import type * as v from 'valibot';
import { api } from '../../contract/api';
import { BillingEvent, type BillingEventReceipt, BillingQuery, billingSignatureHeaders } from '../../contract/billing';
import type * as billingCalls from '../../contract/calls/billing';
import { ErrorCode } from '../../contract/errors';
import { CouponListQuery, RedeemCouponRequest } from '../../contract/subscriptions';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, queryOf, requireSession, validateJson, validateQuery } from '../http/middleware';
import { signedJsonBodyOf } from '../http/signed-body';
import type { AppServices } from '../services/index';
import type { RateLimitRule } from '../services/rate-limit';
import { spendRateLimits } from '../services/rate-limit';
import { commonRefusals, Refusal } from '../services/refusal';

export const couponLimits = {
  /** Coupon codes an account may try: plenty for a person, too few to guess private codes. */
  redemptionsPerAccount: { name: 'coupon-redemption:account', limit: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

const eventRefusals = {
  invalidSignature: () => new Refusal(ErrorCode.invalidSignature, 'The event signature is not valid.'),
  stale: () =>
    new Refusal(
      ErrorCode.staleEvent,
      'The event timestamp is more than five minutes away from now. Check the clock and sign it again.',
    ),
  replayed: () => new Refusal(ErrorCode.eventReplayed, 'This event was applied before; nothing changed.'),
};

/** The billing page, invoices, coupons, the public price list, and the order site's signed events. */
export function billingRoutes({ billing, env, now, rateLimiter }: AppServices) {
  return new Hono<AppEnv>()
    .get(api.billing, requireSession(), validateQuery(BillingQuery), async (c) => {
      const { referenceId } = queryOf(c, BillingQuery);
      return c.json(await billing.overview(callerOf(c), referenceId), 200);
    })
    .get(`${api.billing}/invoices/:number`, requireSession(), async (c) => {
      const invoiceNumber = Number(c.req.param('number'));
      if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber < 1) throw commonRefusals.notFound();
      return c.json(await billing.invoice(callerOf(c), invoiceNumber), 200);
    })
    .get(api.pricing, async (c) => {
      // The same for everyone and changed only by a new start: browsers and proxies may keep it.
      return c.json(await billing.pricing(), 200, { 'Cache-Control': 'public, max-age=300' });
    })
    .get(api.coupons, requireSession(), validateQuery(CouponListQuery), async (c) => {
      const { subscriptionId } = queryOf(c, CouponListQuery);
      return c.json(await billing.listCoupons(callerOf(c), subscriptionId), 200);
    })
    .post(api.redeemCoupon, requireSession(), validateJson(RedeemCouponRequest), async (c) => {
      // Taken before the coupon is looked up: a person trying codes is slowed, right or wrong.
      const actor = callerOf(c);
      await spendRateLimits(rateLimiter, [[couponLimits.redemptionsPerAccount, actor.userId]]);
      return c.json(await billing.redeemCoupon(actor, bodyOf(c, RedeemCouponRequest)), 201);
    })
    .post(api.billingEvents, async (c) => {
      const { value: event } = await signedJsonBodyOf(c, {
        secret: env.billingWebhookSecret,
        headers: billingSignatureHeaders,
        schema: BillingEvent,
        now: now(),
        refusals: eventRefusals,
      });
      if ((await billing.applyEvent(event)) === 'replayed') throw eventRefusals.replayed();
      return c.json({ received: true, eventId: event.id } satisfies v.InferOutput<typeof BillingEventReceipt>, 200);
    });
}

/** The handlers of the calls declared in contract/calls/billing.ts. */
export function billingHandlers(_services: AppServices): Routes<typeof billingCalls> {
  return {};
}

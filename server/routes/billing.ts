import type { MiddlewareHandler } from 'hono';
import { billingSignatureHeaders } from '../../contract/billing';
import type * as billingCalls from '../../contract/calls/billing';
import { ErrorCode } from '../../contract/errors';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import type { AppEnv } from '../http/middleware';
import { redeemCoupon } from '../services/billing/coupon-tries';
import { verifyBillingSignature } from '../services/billing/event-signature';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';

const eventRefusals = {
  invalidSignature: () => new Refusal(ErrorCode.invalidSignature, 'The event signature is not valid.'),
  stale: () =>
    new Refusal(
      ErrorCode.staleEvent,
      'The event timestamp is more than five minutes away from now. Check the clock and sign it again.',
    ),
  replayed: () => new Refusal(ErrorCode.eventReplayed, 'This event was applied before; nothing changed.'),
};

/**
 * The order site's signature over the body's exact bytes, checked before anything is parsed; the
 * declared body is then read from the same bytes (Hono keeps the text it read).
 */
function signedByOrderSite({ env, now }: Pick<AppServices, 'env' | 'now'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const verdict = verifyBillingSignature({
      secret: env.billingWebhookSecret,
      body: await c.req.text(),
      timestamp: c.req.header(billingSignatureHeaders.timestamp),
      signature: c.req.header(billingSignatureHeaders.signature),
      now: now(),
    });
    if (verdict === 'invalid') throw eventRefusals.invalidSignature();
    if (verdict === 'stale') throw eventRefusals.stale();
    await next();
  };
}

/** The billing page, invoices, coupons, the public price list, and the order site's signed events. */
export function billingHandlers(services: AppServices): Routes<typeof billingCalls> {
  const { billing } = services;
  return {
    getBillingOverview: async (c) => ({
      status: 200,
      body: await billing.overview(callerOf(c), c.req.valid('query').referenceId),
    }),
    getInvoice: async (c) => {
      // Not a number that an invoice can have: as unknown as any other, so the answer stays 404.
      const invoiceNumber = Number(c.req.valid('param').number);
      if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber < 1) throw commonRefusals.notFound();
      return { status: 200, body: await billing.invoice(callerOf(c), invoiceNumber) };
    },
    getPricing: async (c) => {
      // The same for everyone and changed only by a new start: browsers and proxies may keep it.
      c.header('Cache-Control', 'public, max-age=300');
      return { status: 200, body: await billing.pricing() };
    },
    listSubscriptionCoupons: async (c) => ({
      status: 200,
      body: await billing.listCoupons(callerOf(c), c.req.valid('query').subscriptionId),
    }),
    redeemSubscriptionCoupon: async (c) => ({
      status: 201,
      body: await redeemCoupon(services, callerOf(c), c.req.valid('json')),
    }),
    receiveBillingEvent: {
      guards: [signedByOrderSite(services)],
      handle: async (c) => {
        const event = c.req.valid('json');
        if ((await billing.applyEvent(event)) === 'replayed') throw eventRefusals.replayed();
        return { status: 200, body: { received: true, eventId: event.id } };
      },
    },
  };
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import { type RouterCouponRedemptionResponse, RouterMessage, routerCouponLimits } from '../../../contract/routers';
import { routerCoupons, subscriptions, users } from '../../db/schema';
import { createBillingRecords } from '../billing/billing-records';
import type { Caller } from '../caller';
import { type RateLimiter, spendRateLimits } from '../rate-limit';
import { Refusal } from '../refusal';
import type { RouterDeps } from './router-deps';

const refusals = {
  unknown: () => new Refusal(ErrorCode.couponRefused, RouterMessage.couponUnknown, { kind: 'notFound' }),
  used: () => new Refusal(ErrorCode.couponRefused, RouterMessage.couponUsed, { kind: 'conflict' }),
  expired: () => new Refusal(ErrorCode.couponRefused, RouterMessage.couponExpired),
};

/**
 * Turns a router coupon into a router subscription of the person. Every attempt counts against the
 * limits, right or wrong (routerCouponLimits). The coupon's row is locked
 * (`for update`) for the whole transaction, so of two people redeeming one coupon at once the
 * second waits, then finds it used. The subscription is bought through the ledger's purchase event
 * on this transaction, like any other purchase: a billing account, a period, a purchase invoice.
 */
export async function redeemRouterCoupon(
  { db, now, rateLimiter }: RouterDeps & { rateLimiter: RateLimiter },
  caller: Caller,
  code: string,
  clientAddress: string,
): Promise<RouterCouponRedemptionResponse> {
  await spendRateLimits(rateLimiter, [
    [routerCouponLimits.perAccount, caller.userId],
    [routerCouponLimits.perClient, clientAddress],
  ]);
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(routerCoupons).where(eq(routerCoupons.code, code)).for('update');
    if (!coupon) throw refusals.unknown();
    if (coupon.redeemedAt !== null) throw refusals.used();
    const at = now();
    if (coupon.expiresAt <= at) throw refusals.expired();

    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
    if (!user) throw refusals.unknown();
    const referenceId = `rtr_${randomBytes(12).toString('hex')}`;
    const outcome = await createBillingRecords(tx, now).applyEvent({
      id: `router-coupon-${coupon.code}`,
      type: 'subscription.created',
      data: {
        referenceId,
        accountEmail: user.email,
        planCode: coupon.planCode,
        quantity: 1,
        blackfriday24Eligible: false,
        purchasedAt: at.toISOString(),
      },
    });
    if (outcome !== 'applied') throw refusals.used();
    const [subscription] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.referenceId, referenceId));
    await tx
      .update(routerCoupons)
      .set({ redeemedBy: caller.userId, redeemedAt: at, subscriptionId: subscription?.id ?? null })
      .where(eq(routerCoupons.code, coupon.code));
    return { referenceId, planCode: coupon.planCode };
  });
}

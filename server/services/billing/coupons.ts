import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import {
  type Coupon,
  type CouponList,
  type CouponRedemption,
  type RedeemCouponRequest,
  SubscriptionMessage,
} from '../../../contract/subscriptions';
import type { Database } from '../../db/database';
import { billingAccounts, couponRedemptions, coupons, plans } from '../../db/schema';
import { Refusal } from '../refusal';
import type { Caller } from './billing';
import {
  type CouponRow,
  couponsInEffect,
  lockOwnedSubscription,
  type SubscriptionRow,
  type Transaction,
} from './ledger-core';

const couponRefusals = {
  unknown: () => new Refusal(ErrorCode.couponRefused, SubscriptionMessage.couponUnknown, { kind: 'notFound' }),
  expired: () => new Refusal(ErrorCode.couponRefused, SubscriptionMessage.couponExpired),
  usedUp: () => new Refusal(ErrorCode.couponRefused, SubscriptionMessage.couponUsedUp),
  alreadyRedeemed: () =>
    new Refusal(ErrorCode.couponRefused, SubscriptionMessage.couponAlreadyRedeemed, { kind: 'conflict' }),
  notApplicable: () => new Refusal(ErrorCode.couponRefused, SubscriptionMessage.couponNotApplicable),
  notCombinable: () =>
    new Refusal(ErrorCode.couponRefused, SubscriptionMessage.couponNotCombinable, { kind: 'conflict' }),
  notYourAccount: () => new Refusal(ErrorCode.forbidden, SubscriptionMessage.notYourAccount),
};

export function couponOf(row: CouponRow): Coupon {
  return {
    couponId: row.code,
    name: row.name,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    currency: row.currency,
    duration: row.duration,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const redemptionsOf = (code: typeof coupons.code) =>
  sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${code})`;

/** A live subscription of one of the coupon's plans; a fixed amount only in the plan's own currency. */
function appliesTo(coupon: CouponRow, subscription: SubscriptionRow, planCurrency: string | null): boolean {
  if (subscription.state === 'expired') return false;
  if (coupon.planCodes !== null && !coupon.planCodes.includes(subscription.planCode)) return false;
  return coupon.amountOffCents === null || coupon.currency === planCurrency;
}

async function planCurrencyOf(tx: Transaction, subscription: SubscriptionRow): Promise<string | null> {
  const [plan] = await tx
    .select({ currency: plans.currency })
    .from(plans)
    .where(eq(plans.planCode, subscription.planCode));
  return plan?.currency ?? null;
}

/**
 * Redeems a coupon on a subscription whose row the caller has locked. The coupon's row is locked
 * too (`for update`), so two redemptions of the last use of a coupon take turns and one is refused.
 */
export async function redeemOnSubscription(
  tx: Transaction,
  couponId: string,
  subscription: SubscriptionRow,
  accountCode: string,
  at: Date,
): Promise<CouponRedemption> {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${couponId})`)
    .for('update')
    .limit(1);
  if (!coupon) throw couponRefusals.unknown();
  const [redeemed] = await tx
    .select({ code: couponRedemptions.couponCode })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponCode, coupon.code), eq(couponRedemptions.subscriptionId, subscription.id)));
  if (redeemed) throw couponRefusals.alreadyRedeemed();
  if (coupon.expiresAt !== null && coupon.expiresAt <= at) throw couponRefusals.expired();
  if (coupon.maxRedemptions !== null) {
    const [usage] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponCode, coupon.code));
    if ((usage?.count ?? 0) >= coupon.maxRedemptions) throw couponRefusals.usedUp();
  }
  if (!appliesTo(coupon, subscription, await planCurrencyOf(tx, subscription))) throw couponRefusals.notApplicable();
  // Coupons do not stack unless every one of them says it may.
  const inEffect = await couponsInEffect(tx, subscription.id);
  if (inEffect.length > 0 && !(coupon.stackable && inEffect.every((other) => other.stackable))) {
    throw couponRefusals.notCombinable();
  }
  await tx
    .insert(couponRedemptions)
    .values({ couponCode: coupon.code, subscriptionId: subscription.id, accountCode, redeemedAt: at });
  return {
    success: true,
    couponId: coupon.code,
    subscriptionId: subscription.referenceId,
    redeemedAt: at.toISOString(),
  };
}

export function createCoupons(db: Database, now: () => Date) {
  return {
    /** The public coupons the owner could redeem on the subscription now; everyone else is refused. */
    async listCoupons(caller: Caller, referenceId: string): Promise<CouponList> {
      return db.transaction(async (tx) => {
        const { subscription } = await lockOwnedSubscription(tx, caller, referenceId);
        const at = now();
        const candidates = await tx
          .select()
          .from(coupons)
          .where(
            and(
              eq(coupons.public, true),
              sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} > ${at})`,
              sql`(${coupons.maxRedemptions} is null or ${redemptionsOf(coupons.code)} < ${coupons.maxRedemptions})`,
              sql`not exists (select 1 from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${coupons.code}
                and ${couponRedemptions.subscriptionId} = ${subscription.id})`,
            ),
          )
          .orderBy(coupons.code);
        const planCurrency = await planCurrencyOf(tx, subscription);
        const inEffect = await couponsInEffect(tx, subscription.id);
        const combinable = (coupon: CouponRow) =>
          inEffect.length === 0 || (coupon.stackable && inEffect.every((other) => other.stackable));
        return {
          coupons: candidates
            .filter((coupon) => appliesTo(coupon, subscription, planCurrency) && combinable(coupon))
            .map(couponOf),
        };
      });
    },

    /** accountId must be the owner's own billing account code, as the order site's form sends it. */
    async redeemCoupon(caller: Caller, request: RedeemCouponRequest): Promise<CouponRedemption> {
      return db.transaction(async (tx) => {
        const { subscription } = await lockOwnedSubscription(tx, caller, request.subscriptionId);
        const [account] = await tx
          .select({ code: billingAccounts.code })
          .from(billingAccounts)
          .where(eq(billingAccounts.userId, caller.userId));
        if (!account || account.code !== request.accountId) throw couponRefusals.notYourAccount();
        return redeemOnSubscription(
          tx,
          request.couponId,
          subscription,
          subscription.billingAccountCode ?? account.code,
          now(),
        );
      });
    },
  };
}

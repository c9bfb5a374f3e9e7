import { type CouponRedemption, couponLimits, type RedeemCouponRequest } from '../../../contract/subscriptions';
import type { Caller } from '../caller';
import { type RateLimiter, spendRateLimits } from '../rate-limit';
import type { Billing } from './billing';

/**
 * Redeems a coupon code for the caller, within the portal's limit on tries. The limit is the
 * portal's own, in front of whichever billing answers: taken before the coupon is looked up, so a
 * person trying codes is slowed whether they are right or wrong.
 */
export async function redeemCoupon(
  deps: { billing: Billing; rateLimiter: RateLimiter },
  caller: Caller,
  request: RedeemCouponRequest,
): Promise<CouponRedemption> {
  await spendRateLimits(deps.rateLimiter, [[couponLimits.redemptionsPerAccount, caller.userId]]);
  return deps.billing.redeemCoupon(caller, request);
}

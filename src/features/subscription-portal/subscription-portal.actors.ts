import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import {
  type CancelSubscriptionRequest,
  CouponList,
  CouponRedemption,
  SubscriptionChangeResponse,
} from '../../../contract/subscriptions';
import { OfferDelistRefused } from '../../../machines/blackFridayOffer/blackFridayOffer.machine';
import { CouponRefused, type RedeemInput } from '../../../machines/couponRedemption/couponRedemption.machine';
import {
  type CancelInput,
  SubscriptionChangeRefused,
} from '../../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** The owner's changes of one subscription: DELETE to cancel, PUT …/uncancel, PUT …/quantity (202). */
export function subscriptionActors(referenceId: string) {
  const path = api.subscription(referenceId);
  return {
    cancelSubscription: fromPromise<SubscriptionChangeResponse, CancelInput>(({ input }) => {
      const body: CancelSubscriptionRequest = {};
      if (input.reason) body.reason = input.reason;
      if (input.note) body.note = input.note;
      return explained(
        () => apiRequest(path, { method: 'DELETE', body, schema: SubscriptionChangeResponse }),
        SubscriptionChangeRefused,
      );
    }),
    uncancelSubscription: fromPromise<SubscriptionChangeResponse, void>(() =>
      explained(
        () => apiRequest(`${path}/uncancel`, { method: 'PUT', schema: SubscriptionChangeResponse }),
        SubscriptionChangeRefused,
      ),
    ),
    changeSeats: fromPromise<SubscriptionChangeResponse, { quantity: number }>(({ input }) =>
      explained(
        () => apiRequest(`${path}/quantity`, { method: 'PUT', body: input, schema: SubscriptionChangeResponse }),
        SubscriptionChangeRefused,
      ),
    ),
  };
}

/** GET /api/recurly/coupon?subscriptionId=…: what can be redeemed on the subscription. */
export const loadCoupons = fromPromise<CouponList['coupons'], { subscriptionId: string }>(async ({ input, signal }) => {
  const query = new URLSearchParams({ subscriptionId: input.subscriptionId });
  const list = await apiRequest(`${api.coupons}?${query}`, { schema: CouponList, signal });
  return list.coupons;
});

/** POST /api/recurly/redemption {accountId, subscriptionId, couponId}. */
export const redeemCoupon = fromPromise<CouponRedemption, RedeemInput>(({ input }) =>
  explained(
    () => apiRequest(api.redeemCoupon, { method: 'POST', body: input, schema: CouponRedemption }),
    CouponRefused,
  ),
);

/** DELETE /api/subscription/{id}/blackfriday24, answered 204: the offer is not shown again. */
export function blackFridayOfferActors(referenceId: string) {
  return {
    delistOffer: fromPromise<void, void>(async () => {
      await explained(
        () => apiRequest(`${api.subscription(referenceId)}/blackfriday24`, { method: 'DELETE', schema: v.null() }),
        OfferDelistRefused,
      );
    }),
  };
}

import { fromPromise } from 'xstate';
import { listSubscriptionCoupons, redeemSubscriptionCoupon } from '../../../contract/calls/billing';
import {
  cancelSubscription,
  changeSubscriptionSeats,
  delistBlackFridayOffer,
  previewSubscriptionSeats,
  uncancelSubscription,
} from '../../../contract/calls/subscriptions';
import type {
  CancelSubscriptionRequest,
  CouponList,
  CouponRedemption,
  SeatsPreview,
  SubscriptionChangeResponse,
} from '../../../contract/subscriptions';
import type { RedeemInput } from '../../../machines/couponRedemption/couponRedemption.machine';
import type { CancelInput } from '../../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import { callApi, explained } from '../../lib/api-client';

/**
 * The owner's changes of one subscription: DELETE to cancel, PUT …/uncancel, POST …/quantity-preview
 * then PUT …/quantity (202).
 */
export function subscriptionActors(referenceId: string) {
  const params = { referenceId };
  return {
    cancelSubscription: fromPromise<SubscriptionChangeResponse, CancelInput>(({ input }) => {
      const body: CancelSubscriptionRequest = {};
      if (input.reason) body.reason = input.reason;
      if (input.note) body.note = input.note;
      return explained(() => callApi(cancelSubscription, { params, body }));
    }),
    uncancelSubscription: fromPromise<SubscriptionChangeResponse, void>(() =>
      explained(() => callApi(uncancelSubscription, { params })),
    ),
    previewSeats: fromPromise<SeatsPreview, { quantity: number }>(({ input }) =>
      explained(() => callApi(previewSubscriptionSeats, { params, body: input })),
    ),
    changeSeats: fromPromise<SubscriptionChangeResponse, { quantity: number }>(({ input }) =>
      explained(() => callApi(changeSubscriptionSeats, { params, body: input })),
    ),
  };
}

/** GET /api/recurly/coupon?subscriptionId=…: what can be redeemed on the subscription. */
export const loadCoupons = fromPromise<CouponList['coupons'], { subscriptionId: string }>(async ({ input, signal }) => {
  const list = await callApi(listSubscriptionCoupons, { query: { subscriptionId: input.subscriptionId }, signal });
  return list.coupons;
});

/** POST /api/recurly/redemption {accountId, subscriptionId, couponId}. */
export const redeemCoupon = fromPromise<CouponRedemption, RedeemInput>(({ input }) =>
  explained(() => callApi(redeemSubscriptionCoupon, { body: input })),
);

/** DELETE /api/subscription/{id}/blackfriday24, answered 204: the offer is not shown again. */
export function blackFridayOfferActors(referenceId: string) {
  return {
    delistOffer: fromPromise<void, void>(async () => {
      await explained(() => callApi(delistBlackFridayOffer, { params: { referenceId } }));
    }),
  };
}

import { fromPromise } from 'xstate';
import { redeemRouterCoupon as redeemRouterCouponCall } from '../../../contract/calls/routers';
import type { RouterCouponRedemptionResponse } from '../../../contract/routers';
import { callApi, explained } from '../../lib/api-client';

/** POST /api/account/router-coupon-redemption: the new router subscription, or the server's refusal. */
export const redeemRouterCoupon = fromPromise<RouterCouponRedemptionResponse, { coupon: string }>(({ input }) =>
  explained(() => callApi(redeemRouterCouponCall, { body: input })),
);

import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { RouterCouponRedemptionResponse } from '../../../contract/routers';
import { RouterCouponRefused } from '../../../machines/routerCouponRedemption/routerCouponRedemption.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** POST /api/account/router-coupon-redemption: the new router subscription, or the server's refusal. */
export const redeemRouterCoupon = fromPromise<RouterCouponRedemptionResponse, { coupon: string }>(({ input }) =>
  explained(
    () =>
      apiRequest(api.routerCouponRedemption, { method: 'POST', body: input, schema: RouterCouponRedemptionResponse }),
    RouterCouponRefused,
  ),
);

import { msg } from '@lingui/core/macro';

/** When the server sent no message (network down, a 5xx). */
export const routerChangeUnavailable = msg`We could not change the router right now. Please try again later.`;
export const routerCouponUnavailable = msg`We could not redeem the router coupon right now. Please try again later.`;

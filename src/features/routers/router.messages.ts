import { msg } from '@lingui/core/macro';
import { RouterMessage } from '../../../contract/routers';
import { messageTextOf } from '../../lib/contract-messages';

/**
 * The contract's router messages, translated: the server answers refusals with these texts in
 * `message`. The routers portal, team routers and router coupons show them.
 */
export const routerMessageText = messageTextOf({
  [RouterMessage.routerNotFound]: msg`There is no such router.`,
  [RouterMessage.routerSubscriptionNotFound]: msg`There is no such router subscription.`,
  [RouterMessage.notARouterSubscription]: msg`Only a router subscription can be associated with a team.`,
  [RouterMessage.routerSubscriptionExpired]: msg`This router subscription has expired. Renew it before you associate it with a team.`,
  [RouterMessage.alreadyInAnotherTeam]: msg`This router subscription is already associated with another team. Dissociate it there first.`,
  [RouterMessage.notAssociated]: msg`This router subscription is not associated with this team.`,
  [RouterMessage.couponRequired]: msg`Please enter a router coupon code.`,
  [RouterMessage.couponUnknown]: msg`This router coupon code is not valid. Please check it and try again.`,
  [RouterMessage.couponUsed]: msg`This router coupon has already been redeemed.`,
  [RouterMessage.couponExpired]: msg`This router coupon has expired.`,
});

/** When the server sent no message (network down, a 5xx). */
export const routerChangeUnavailable = msg`We could not change the router right now. Please try again later.`;
export const routerCouponUnavailable = msg`We could not redeem the router coupon right now. Please try again later.`;

import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { RouterMessage } from '../../../contract/routers';
import { addRefusalBook } from '../contract-messages';

/** The routers API's messages: partner routers, team routers and router coupons (signed-in pages). */
export const routerRefusals = addRefusalBook({
  [ErrorCode.notFound]: {
    [RouterMessage.routerNotFound]: msg`There is no such router.`,
    [RouterMessage.routerSubscriptionNotFound]: msg`There is no such router subscription.`,
    [RouterMessage.notAssociated]: msg`This router subscription is not associated with this team.`,
  },
  [ErrorCode.teamRefused]: {
    [RouterMessage.notARouterSubscription]: msg`Only a router subscription can be associated with a team.`,
    [RouterMessage.routerSubscriptionExpired]: msg`This router subscription has expired. Renew it before you associate it with a team.`,
  },
  [ErrorCode.teamConflict]: {
    [RouterMessage.alreadyInAnotherTeam]: msg`This router subscription is already associated with another team. Dissociate it there first.`,
  },
  [ErrorCode.couponRefused]: {
    [RouterMessage.couponUnknown]: msg`This router coupon code is not valid. Please check it and try again.`,
    [RouterMessage.couponUsed]: msg`This router coupon has already been redeemed.`,
    [RouterMessage.couponExpired]: msg`This router coupon has expired.`,
  },
  [ErrorCode.validation]: {
    [RouterMessage.couponRequired]: msg`Please enter a router coupon code.`,
  },
});

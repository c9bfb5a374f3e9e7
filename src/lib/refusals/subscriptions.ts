import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { SubscriptionMessage } from '../../../contract/subscriptions';
import { addRefusalBook } from '../contract-messages';

/** The subscriptions API's messages: seats, cancellation, upgrades, coupons and offers (signed-in pages). */
export const subscriptionRefusals = addRefusalBook({
  [ErrorCode.subscriptionRefused]: {
    [SubscriptionMessage.quantityBelowSeatsInUse]: msg`You cannot have fewer seats than are in use. Remove members or invitations first.`,
    [SubscriptionMessage.quantityAboveMaximum]: msg`This plan allows no more seats.`,
    [SubscriptionMessage.quantityBelowMinimum]: msg`This plan needs more seats than that.`,
    [SubscriptionMessage.quantityFixed]: msg`This plan has a fixed number of seats.`,
    [SubscriptionMessage.notCancelable]: msg`This plan cannot be canceled.`,
    [SubscriptionMessage.notActive]: msg`This subscription is not active.`,
    [SubscriptionMessage.notCanceled]: msg`This subscription is not canceled.`,
    [SubscriptionMessage.expired]: msg`This subscription has expired.`,
    [SubscriptionMessage.notAnUpgradeOption]: msg`This plan is not an upgrade offered for this subscription.`,
    [SubscriptionMessage.blackFridayNotOffered]: msg`This subscription has no Black Friday offer.`,
  },
  [ErrorCode.subscriptionConflict]: {
    [SubscriptionMessage.upgradeConflict]: msg`This subscription was changed at the same time. Please review it and try again.`,
  },
  [ErrorCode.forbidden]: {
    [SubscriptionMessage.notOwner]: msg`Only the owner of this subscription can do this.`,
    [SubscriptionMessage.notYourAccount]: msg`This is not your account.`,
  },
  [ErrorCode.couponRefused]: {
    [SubscriptionMessage.couponUnknown]: msg`This coupon does not exist.`,
    [SubscriptionMessage.couponExpired]: msg`This coupon has expired.`,
    [SubscriptionMessage.couponUsedUp]: msg`This coupon has been used up.`,
    [SubscriptionMessage.couponAlreadyRedeemed]: msg`This coupon is already redeemed on this subscription.`,
    [SubscriptionMessage.couponNotApplicable]: msg`This coupon does not apply to this subscription.`,
    [SubscriptionMessage.couponNotCombinable]: msg`This subscription already has a coupon, and the two cannot be combined.`,
  },
  [ErrorCode.validation]: {
    [SubscriptionMessage.quantityInvalid]: msg`Please enter a whole number of seats.`,
    // The coupon field's own check (CouponRedemptionRequest), which has no constant.
    'Please enter a coupon code.': msg`Please enter a coupon code.`,
  },
});

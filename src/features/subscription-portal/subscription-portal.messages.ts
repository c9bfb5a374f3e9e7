import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CancelReason } from '../../../contract/subscriptions';
import { SubscriptionMessage } from '../../../contract/subscriptions';

/**
 * The contract's subscription messages, translated. The server answers refusals with these texts
 * in `message`, and the machines check seats and coupon codes with them.
 */
const subscriptionMessages: Record<string, MessageDescriptor> = {
  [SubscriptionMessage.quantityInvalid]: msg`Please enter a whole number of seats.`,
  [SubscriptionMessage.quantityBelowSeatsInUse]: msg`You cannot have fewer seats than are in use. Remove members or invitations first.`,
  [SubscriptionMessage.quantityAboveMaximum]: msg`This plan allows no more seats.`,
  [SubscriptionMessage.quantityFixed]: msg`This plan has a fixed number of seats.`,
  [SubscriptionMessage.notCancelable]: msg`This plan cannot be canceled.`,
  [SubscriptionMessage.notActive]: msg`This subscription is not active.`,
  [SubscriptionMessage.notCanceled]: msg`This subscription is not canceled.`,
  [SubscriptionMessage.expired]: msg`This subscription has expired.`,
  [SubscriptionMessage.notOwner]: msg`Only the owner of this subscription can do this.`,
  [SubscriptionMessage.notYourAccount]: msg`This is not your account.`,
  [SubscriptionMessage.couponUnknown]: msg`This coupon does not exist.`,
  [SubscriptionMessage.couponExpired]: msg`This coupon has expired.`,
  [SubscriptionMessage.couponUsedUp]: msg`This coupon has been used up.`,
  [SubscriptionMessage.couponAlreadyRedeemed]: msg`This coupon is already redeemed on this subscription.`,
  [SubscriptionMessage.couponNotApplicable]: msg`This coupon does not apply to this subscription.`,
  [SubscriptionMessage.couponNotCombinable]: msg`This subscription already has a coupon, and the two cannot be combined.`,
  [SubscriptionMessage.blackFridayNotOffered]: msg`This subscription has no Black Friday offer.`,
  'Please enter a coupon code.': msg`Please enter a coupon code.`,
};

/**
 * A message from the contract or the server, in the reader's language when it is one we know;
 * any other server message is shown as it came (spec section 8: the body's message is shown).
 */
export function subscriptionMessageText(i18n: I18n, message: string): string {
  const known = subscriptionMessages[message];
  return known ? i18n._(known) : message;
}

/** When the server sent no message (network down, a 5xx). */
export const changeUnavailable = msg`We could not change your subscription right now. Please try again later.`;
export const redemptionUnavailable = msg`We could not redeem the coupon right now. Please try again later.`;
export const delistUnavailable = msg`We could not hide the offer right now. Please try again later.`;

export const cancelReasonLabels: Record<CancelReason, MessageDescriptor> = {
  tooExpensive: msg`It is too expensive`,
  missingFeatures: msg`It is missing features I need`,
  switchedService: msg`I switched to another service`,
  unused: msg`I do not use it enough`,
  other: msg`Another reason`,
};

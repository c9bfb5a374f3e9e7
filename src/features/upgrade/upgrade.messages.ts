import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SubscriptionMessage } from '../../../contract/subscriptions';
import type { UpgradeFailure } from '../../../machines/upgradePricing/upgradePricing.machine';

/** The contract's subscription messages, which the server sends as `message`, translated. */
const subscriptionMessages: Record<string, MessageDescriptor> = {
  [SubscriptionMessage.quantityInvalid]: msg`Please enter a whole number of seats.`,
  [SubscriptionMessage.quantityBelowSeatsInUse]: msg`You cannot have fewer seats than are in use. Remove members or invitations first.`,
  [SubscriptionMessage.quantityAboveMaximum]: msg`This plan allows no more seats.`,
  [SubscriptionMessage.quantityFixed]: msg`This plan has a fixed number of seats.`,
  [SubscriptionMessage.notActive]: msg`This subscription is not active.`,
  [SubscriptionMessage.expired]: msg`This subscription has expired.`,
  [SubscriptionMessage.notAnUpgradeOption]: msg`This plan is not an upgrade offered for this subscription.`,
  [SubscriptionMessage.upgradeConflict]: msg`This subscription was changed at the same time. Please review it and try again.`,
  [SubscriptionMessage.notOwner]: msg`Only the owner of this subscription can do this.`,
};

/** A contract message in the reader's language; any other server text as it came. */
export function subscriptionMessageText(i18n: I18n, message: string): string {
  const known = subscriptionMessages[message];
  return known ? i18n._(known) : message;
}

const unavailable = msg`We could not reach the server. Please try again.`;
const conflict = msg`This subscription was changed meanwhile. Start over to see its current options.`;

export function failureText(i18n: I18n, failure: UpgradeFailure): string {
  if (failure.reason === 'conflict') return i18n._(conflict);
  if (failure.reason === 'refused' && failure.message) return subscriptionMessageText(i18n, failure.message);
  return i18n._(unavailable);
}

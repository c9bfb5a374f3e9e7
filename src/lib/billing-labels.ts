import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InvoiceSummary } from '../../contract/billing';
import type { BillingCycle } from '../../contract/pricing';
import type { SubscriptionState } from '../../contract/subscriptions';

/** The spec's billing cycle labels (docs/spec.md §4), for the upgrade and billing pages. */
export const billingCycleLabels: Record<BillingCycle, MessageDescriptor> = {
  once: msg`billed once`,
  monthly: msg`billed monthly`,
  yearly: msg`billed yearly`,
  everyThreeYears: msg`billed every three years`,
};

/** A price with its cycle ("$149.99 per year"), for the billing page and the account page's cards. */
export const pricePerCycleLabels: Record<BillingCycle, (price: string) => MessageDescriptor> = {
  once: (price) => msg`${price}, billed once`,
  monthly: (price) => msg`${price} per month`,
  yearly: (price) => msg`${price} per year`,
  everyThreeYears: (price) => msg`${price} every three years`,
};

export const invoiceReasonLabels: Record<InvoiceSummary['reason'], MessageDescriptor> = {
  purchase: msg`Purchase`,
  renewal: msg`Renewal`,
  upgrade: msg({ message: 'Upgrade', context: 'invoice reason' }),
  seats: msg`Seats added`,
};

export const subscriptionStateLabels: Record<SubscriptionState, MessageDescriptor> = {
  active: msg`Active`,
  canceled: msg`Canceled`,
  expired: msg`Expired`,
};

import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import {
  issueInvoice,
  type PlanRow,
  periodEndOf,
  type SubscriptionRow,
  seatsInUse,
  type Transaction,
} from './ledger-core';

/** The plan line of an invoice: the unit price times the seats. */
export function planLine(plan: PlanRow, quantity: number) {
  return { kind: 'plan' as const, description: plan.title, quantity, amountCents: plan.priceCents * quantity };
}

/**
 * One renewal of a subscription whose row the caller has locked: the next period starts where the
 * current one ends (or at `at` when it has no end), with a renewal invoice issued at its start.
 * Returns the renewed row. A one-time plan has no next period: the caller never renews it.
 * Fewer seats asked for during the period take effect here, never below the seats then in use.
 */
export async function renewPeriod(
  tx: Transaction,
  subscription: SubscriptionRow,
  plan: PlanRow,
  at: Date,
): Promise<SubscriptionRow> {
  const periodStart = subscription.currentPeriodEnd ?? at;
  const periodEnd = periodEndOf(periodStart, plan);
  if (!periodEnd) throw new Error(`plan ${plan.planCode} is one-time and never renews`);
  if (!subscription.billingAccountCode)
    throw new Error(`subscription ${subscription.referenceId} has no billing account`);
  const quantity =
    subscription.renewalQuantity === null
      ? subscription.quantity
      : Math.max(subscription.renewalQuantity, await seatsInUse(tx, subscription, periodStart));
  await issueInvoice(tx, {
    accountCode: subscription.billingAccountCode,
    subscriptionId: subscription.id,
    reason: 'renewal',
    issuedAt: periodStart,
    periodStart,
    periodEnd,
    currency: plan.currency,
    lines: [planLine(plan, quantity)],
  });
  const [renewed] = await tx
    .update(subscriptions)
    .set({
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      quantity,
      renewalQuantity: null,
      updatedAt: at,
    })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  if (!renewed) throw new Error('renewal update returned nothing');
  return renewed;
}

/**
 * The upgrade's pricing rules (docs/spec.md §4), pure, for the upgrade screen and the server's
 * proration preview alike. Amounts are integers in minor units (cents), so no sum drifts.
 */

export type BillingCycle = 'once' | 'monthly' | 'yearly' | 'everyThreeYears';

/** "Billed once" when the plan cannot be canceled; otherwise the plan code says the cycle. */
export function billingCycleOf(plan: { planCode: string; cancelable: boolean }): BillingCycle {
  if (!plan.cancelable) return 'once';
  const code = plan.planCode.toLowerCase();
  if (code.includes('3year') || code.includes('threeyear')) return 'everyThreeYears';
  if (code.includes('year')) return 'yearly';
  return 'monthly';
}

/** Today plus the plan's duration in months, on the same day of the month or its last day. */
export function nextBillingDate(today: Date, durationMonths: number): Date {
  const target = new Date(today);
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + durationMonths);
  const lastDayOfTargetMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDayOfTargetMonth));
  return target;
}

/** A teams plan keeps the quantity asked for; a families plan (and any other) is one. */
export function upgradeQuantity(plan: { title: string }, requested: number): number {
  return plan.title.toLowerCase().includes('teams') ? requested : 1;
}

/** What the person pays per period: the unit price times the quantity (the spec's "price per unit"). */
export function pricePerPeriodCents(priceCents: number, quantity: number): number {
  return priceCents * quantity;
}

/** The price spread over the plan's months, to the cent; null for a one-time plan (no months). */
export function monthlyPriceCents(priceCents: number, durationMonths: number): number | null {
  return durationMonths > 0 ? Math.round(priceCents / durationMonths) : null;
}

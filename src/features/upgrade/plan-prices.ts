import { type BillingCycle, billingCycleOf } from '../../../contract/pricing';
import type { Pricing } from '../../../contract/subscriptions';

/** The products of the plan catalogue, known by the start of their plan codes (`teams-yearly`). */
export type PlanProduct = 'personal' | 'teams' | 'families' | 'dedicatedServer' | 'router';

/** One plan of the price list: its product (null for a code of no known product), cycle and price. */
export type PlanPrice = { planCode: string; product: PlanProduct | null; cycle: BillingCycle; priceCents: number };

/**
 * GET /api/pricing names no currency: the catalogue's prices are in US dollars (docs/spec.md §3
 * gives prices as "$" strings).
 */
export const pricingCurrency = 'USD';

const productPrefixes: [prefix: string, product: PlanProduct][] = [
  ['personal-', 'personal'],
  ['teams-', 'teams'],
  ['families-', 'families'],
  ['dedicated-server-', 'dedicatedServer'],
  ['router-', 'router'],
];

const blackFridaySuffix = '.blackfriday24';

/**
 * The plans GET /api/pricing prices, in its order. Its `<plan>.blackfriday24` prices are left out:
 * they are offered to a subscription that is eligible, which the upgrade page shows itself.
 */
export function planPricesOf(pricing: Pricing): PlanPrice[] {
  return Object.entries(pricing)
    .filter(([key]) => !key.endsWith(blackFridaySuffix))
    .map(([planCode, price]) => ({
      planCode,
      product: productPrefixes.find(([prefix]) => planCode.startsWith(prefix))?.[1] ?? null,
      // A lifetime plan is paid once; any other renews by the cycle its code names.
      cycle: billingCycleOf({ planCode, cancelable: !planCode.includes('lifetime') }),
      priceCents: Math.round(price * 100),
    }));
}

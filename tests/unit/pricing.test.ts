import { describe, expect, it } from 'vitest';
import {
  billingCycleOf,
  monthlyPriceCents,
  nextBillingDate,
  pricePerPeriodCents,
  upgradeQuantity,
} from '../../contract/pricing';

describe('the upgrade pricing rules (docs/spec.md §4)', () => {
  it.each([
    [{ planCode: 'teams-lifetime', cancelable: false }, 'once'],
    [{ planCode: 'teams-3year', cancelable: false }, 'once'],
    [{ planCode: 'teams-monthly', cancelable: true }, 'monthly'],
    [{ planCode: 'teams-yearly', cancelable: true }, 'yearly'],
    [{ planCode: 'families-3year', cancelable: true }, 'everyThreeYears'],
    [{ planCode: 'Bonding-ThreeYear-2024', cancelable: true }, 'everyThreeYears'],
  ] as const)('bills %j %s', (plan, cycle) => {
    expect(billingCycleOf(plan)).toBe(cycle);
  });

  it('sets the next billing date the duration in months after today, on the last day when shorter', () => {
    const day = (iso: string) => new Date(`${iso}T10:30:00Z`);
    expect(nextBillingDate(day('2026-11-23'), 1)).toEqual(day('2026-12-23'));
    expect(nextBillingDate(day('2026-11-23'), 12)).toEqual(day('2027-11-23'));
    expect(nextBillingDate(day('2026-11-23'), 36)).toEqual(day('2029-11-23'));
    expect(nextBillingDate(day('2027-01-31'), 1)).toEqual(day('2027-02-28'));
    expect(nextBillingDate(day('2028-01-31'), 1)).toEqual(day('2028-02-29'));
    expect(nextBillingDate(day('2026-08-31'), 3)).toEqual(day('2026-11-30'));
    expect(nextBillingDate(day('2026-11-23'), 0)).toEqual(day('2026-11-23'));
  });

  it('keeps the quantity asked for on a teams plan and one on a families plan', () => {
    expect(upgradeQuantity({ title: 'Teams' }, 12)).toBe(12);
    expect(upgradeQuantity({ title: 'Families' }, 12)).toBe(1);
    expect(upgradeQuantity({ title: 'Dedicated server' }, 3)).toBe(1);
  });

  it('multiplies the price by the quantity', () => {
    expect(pricePerPeriodCents(4_999, 10)).toBe(49_990);
    expect(pricePerPeriodCents(4_999, 1)).toBe(4_999);
  });

  it('spreads the price over the months, to the cent, and has none for a one-time plan', () => {
    expect(monthlyPriceCents(11_988, 12)).toBe(999);
    expect(monthlyPriceCents(10_000, 12)).toBe(833);
    expect(monthlyPriceCents(10_000, 36)).toBe(278);
    expect(monthlyPriceCents(999, 1)).toBe(999);
    expect(monthlyPriceCents(19_900, 0)).toBeNull();
  });
});

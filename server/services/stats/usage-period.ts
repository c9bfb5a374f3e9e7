import { type SQL, sql } from 'drizzle-orm';

/** The span a person's data used is counted over: a subscription's current period, or a month. */
export type UsagePeriod = { startsAt: Date; endsAt: Date | null };

type PeriodOfSubscription = {
  state: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
};

/**
 * A subscription's usage period at `at`: its current period while one runs, else the calendar month
 * (UTC). The same rule as the account read's (migration 0033), so the members table and the account
 * page count the same bytes.
 */
export function usagePeriodOf(subscription: PeriodOfSubscription, at: Date): UsagePeriod {
  const { state, currentPeriodStart: start, currentPeriodEnd: end } = subscription;
  const running = state !== 'expired' && start !== null && start <= at && (end === null || end > at);
  if (running) return { startsAt: start, endsAt: end };
  const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return { startsAt: monthStart, endsAt: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) };
}

/** What a person's devices reported over the period, in bytes (`usage_bytes`, migration 0033). */
export function usageBytesOver(person: SQL | unknown, period: UsagePeriod, at: Date): SQL<number> {
  const until = period.endsAt ?? at;
  return sql<number>`usage_bytes(${person}, ${period.startsAt.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)::float8`;
}

/** The period as the contract writes it. */
export const usagePeriodJson = (period: UsagePeriod) => ({
  startsAt: period.startsAt.toISOString(),
  endsAt: period.endsAt?.toISOString() ?? null,
});

import * as v from 'valibot';

/**
 * The span data used is counted over (issue 27): a subscription's current period, or the calendar
 * month (UTC) when none runs. `endsAt` is null for a one-time plan. ISO times.
 */
export const UsagePeriod = v.object({ startsAt: v.string(), endsAt: v.nullable(v.string()) });
export type UsagePeriod = v.InferOutput<typeof UsagePeriod>;

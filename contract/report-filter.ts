/**
 * What a usage report is asked for (range and scope) and the check of a custom range against what
 * the stats calls answer (at most 366 days): shared by the reports machine and the /reports
 * route, which reads them from the address without loading the machine up front.
 */

/** The ranges the picker offers, counted back from now; `custom` is two calendar days. */
export const rangePresets = ['24h', '7d', '30d', '90d'] as const;
export type RangePreset = (typeof rangePresets)[number];

/**
 * The range the person chose. Presets are resolved against the clock when the report is read; a
 * custom range is two local calendar days (`YYYY-MM-DD`), from the start of the first to the end of
 * the last, in the person's time zone.
 */
export type ReportRange = { preset: RangePreset } | { preset: 'custom'; fromDay: string; toDay: string };

/** Why the custom range was not taken: to before from, or longer than the calls answer. */
export type RangeProblem = 'reversed' | 'tooLong' | 'malformed';

/** The longest custom range, in calendar days: the calls answer at most 366 days. */
const maxCustomRangeDays = 366;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)));

/** What is wrong with a custom range, or null; both ends count, so one day is a range of one. */
export function customRangeProblem(fromDay: string, toDay: string): RangeProblem | null {
  if (!dayPattern.test(fromDay) || !dayPattern.test(toDay)) return 'malformed';
  const days = (dayNumber(toDay) - dayNumber(fromDay)) / 86_400_000 + 1;
  if (Number.isNaN(days)) return 'malformed';
  if (days < 1) return 'reversed';
  // A year and its end day: local midnight to midnight can span 366 days and an hour around DST.
  if (days > maxCustomRangeDays - 1) return 'tooLong';
  return null;
}

/** Whose usage: the person's own devices, a team they administer, or one device. */
export type ReportScope = { kind: 'me' } | { kind: 'team'; teamId: number } | { kind: 'device'; deviceId: string };

export type ReportsInput = { range: ReportRange; scope: ReportScope };

import { cachedFormat, numberFormat } from './intl-cache';

/**
 * Dates and times in the reader's language, and in their time zone unless a page names another:
 * a calendar date ("December 22, 2026"), a date and time ("Nov 20, 2026, 11:30 PM"), a time
 * relative to now ("12 minutes ago"), the start of a report's bucket, and a countdown ("4:05").
 */

/** An ISO 8601 time, as the contract carries times, or a Date. */
type Time = string | Date;

const dateTimeFormat = cachedFormat(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
const relativeTimeFormat = cachedFormat(
  (locale, options: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locale, options),
);

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

const asDate = (time: Time) => (typeof time === 'string' ? new Date(time) : time);

/** The time zone this browser reads times in (IANA, e.g. `Europe/Berlin`). */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A calendar date: "December 22, 2026", "22. Dezember 2026". */
export function formatDate(time: Time, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'long' }).format(asDate(time));
}

/** A date and time to the minute ("Nov 20, 2026, 11:30 PM"), or to the second where seconds matter. */
export function formatDateTime(
  time: Time,
  locale: string,
  { timeZone, seconds = false }: { timeZone?: string; seconds?: boolean } = {},
): string {
  return dateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' }).format(
    asDate(time),
  );
}

/**
 * A time relative to now while that reads naturally, within a week ("12 minutes ago", "yesterday",
 * "vor 3 Tagen"), in whole minutes, hours or days; a date and time further away.
 */
export function formatRelativeTime(time: Time, now: Date, locale: string): string {
  const difference = asDate(time).getTime() - now.getTime();
  const distance = Math.abs(difference);
  if (distance >= 7 * dayMs) return formatDateTime(time, locale);
  const [unit, unitMs] =
    distance < hourMs
      ? (['minute', minuteMs] as const)
      : distance < dayMs
        ? (['hour', hourMs] as const)
        : (['day', dayMs] as const);
  const count = Math.floor(distance / unitMs);
  return relativeTimeFormat(locale, { numeric: 'auto' }).format(difference < 0 ? -count : count, unit);
}

/**
 * The start of a report's bucket in the reader's time zone: date and time, or the date alone for a
 * day bucket. Day buckets are UTC days (the server bins from 1970-01-01Z), so their date is read in
 * UTC: in New York the bucket of 3 November starts on the evening of the 2nd, and is still the 3rd.
 * Without a bucket size, the time is an instant: date and time.
 */
export function formatBucketTime(time: Time, locale: string, timeZone: string, bucketSeconds?: number): string {
  if (bucketSeconds !== undefined && bucketSeconds * 1000 >= dayMs)
    return dateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(asDate(time));
  return formatDateTime(time, locale, { timeZone });
}

/** The calendar day (`YYYY-MM-DD`) a time falls on in a time zone, as date inputs take it. */
export function dayInZone(time: Time, timeZone: string): string {
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    asDate(time),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Seconds left as minutes and seconds in the reader's digits: 245 is "4:05". */
export function formatCountdown(seconds: number, locale: string): string {
  const minutes = numberFormat(locale, { useGrouping: false }).format(Math.floor(seconds / 60));
  const rest = numberFormat(locale, { minimumIntegerDigits: 2 }).format(seconds % 60);
  return `${minutes}:${rest}`;
}

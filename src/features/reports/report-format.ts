/** Sizes and times of the Reports page, in the reader's language and time zone. */

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;
const daySeconds = 86_400;

/**
 * A number of bytes in base-1024 units, from B to EB, with at most one decimal: 1536 → "1.5 KB",
 * "1,5 KB" in German. The unit symbols are the same in every language.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  // Step up while the rounded figure would read 1024 or more: 1023.96 KB is "1 MB", not "1,024 KB".
  while (unit < byteUnits.length - 1 && Math.round(Math.abs(value) * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${byteUnits[unit]}`;
}

/** A count (connections, devices) in the reader's digits and grouping. */
export const formatCount = (count: number, locale: string) => new Intl.NumberFormat(locale).format(count);

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * A time of the report in the person's time zone and language: date and time, or the date alone for
 * a day bucket. Day buckets are UTC days (the server bins from 1970-01-01Z), so their date is read in
 * UTC: in New York the bucket of 3 November starts on the evening of the 2nd, and is still the 3rd.
 */
export function formatReportTime(iso: string, locale: string, timeZone: string, bucketSeconds?: number): string {
  const date = new Date(iso);
  if (bucketSeconds !== undefined && bucketSeconds >= daySeconds)
    return dateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(date);
  return dateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The calendar day (`YYYY-MM-DD`) a time falls on in a time zone, as date inputs take it. */
export function dayInZone(iso: string, timeZone: string): string {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

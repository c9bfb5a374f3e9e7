import { toCsv } from '../../../contract/csv';
import type { Report, ReportTable, TableOrder } from '../../../machines/reports/reports.machine';
import { connectionRows, sortRows, trafficRows } from './report-rows';

/**
 * A table of the report as CSV (RFC 4180): every page, in the order shown, with stable column keys
 * rather than translated headings, ISO UTC times and whole bytes, so a spreadsheet or a script reads
 * it the same in every language.
 */

export function reportCsv(table: ReportTable, report: Report, order: TableOrder): string {
  if (table === 'traffic')
    return toCsv([
      ['time', 'rxBytes', 'txBytes', 'totalBytes'],
      ...sortRows(trafficRows(report), order).map((row) => [row.time, row.received, row.sent, row.total]),
    ]);
  return toCsv([
    ['time', 'type', 'device', 'user', 'userid', 'server', 'serverIsPrivate'],
    ...sortRows(connectionRows(report), order).map((row) => row.raw),
  ]);
}

/** The local calendar day of a time, as the range was chosen in the browser's time zone. */
function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * `usage-traffic-2026-11-01-2026-11-08.csv`: the table and the first and last day of the range. The
 * range ends before `to`, so a custom range ending at midnight is named by its last day.
 */
export function reportCsvFileName(table: ReportTable, report: Report): string {
  return `usage-${table}-${localDay(Date.parse(report.from))}-${localDay(Date.parse(report.to) - 1)}.csv`;
}

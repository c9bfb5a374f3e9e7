import type { Report, ReportTable, TableOrder } from '../../../machines/reportsFilter/reportsFilter.machine';
import { connectionRows, sortRows, trafficRows } from './report-rows';

/**
 * A table of the report as CSV (RFC 4180): every page, in the order shown, with stable column keys
 * rather than translated headings, ISO UTC times and whole bytes, so a spreadsheet or a script reads
 * it the same in every language.
 */

type Field = string | number | boolean | null;

/** Spreadsheets run a cell starting with one of these as a formula (CSV injection): it gets a leading `'`. */
const formulaStart = /^[=+\-@\t\r]/;

function csvField(value: Field): string {
  let text = value === null ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvText = (lines: readonly (readonly Field[])[]) =>
  lines.map((line) => `${line.map(csvField).join(',')}\r\n`).join('');

export function reportCsv(table: ReportTable, report: Report, order: TableOrder): string {
  if (table === 'traffic')
    return csvText([
      ['time', 'rxBytes', 'txBytes', 'totalBytes'],
      ...sortRows(trafficRows(report), order).map((row) => [row.time, row.received, row.sent, row.total]),
    ]);
  return csvText([
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

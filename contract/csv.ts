/**
 * The one CSV writer (RFC 4180: comma-separated, CRLF line ends, quoted where a cell holds a quote,
 * comma or line break), for the server's audit log export and the browser's member and report exports.
 */
export type CsvCell = string | number | boolean | null;

/**
 * Cells a spreadsheet would run as a formula (CSV injection, OWASP): a text starting with one of these
 * gets a leading apostrophe, which spreadsheets show as text, so a name typed by someone else cannot
 * run on the reader's machine. Tab and carriage return start formulas in some too. Numbers are written
 * as numbers: a spreadsheet must be able to sum them.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

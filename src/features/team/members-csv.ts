import type { TeamMember } from '../../../contract/teams';
import { memberNameOf } from './members-table';

/**
 * Cells a spreadsheet would run as a formula (CSV injection, OWASP): they get a leading
 * apostrophe, which spreadsheets show as text. Tab and carriage return start formulas in some too.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: guarded against formulas, then quoted as RFC 4180 asks when it holds a quote, comma or line break. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as RFC 4180 CSV: comma-separated, CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

export type MembersCsvLabels = {
  name: string;
  email: string;
  role: string;
  secondFactor: string;
  dateAdded: string;
  dataUsed: string;
  /** The role column's words, in the reader's language. */
  roleOf: (member: TeamMember) => string;
  /** Whether the member signs in with two steps, as the table words it ("On", "Off"). */
  secondFactorOf: (member: TeamMember) => string;
};

/**
 * The members as shown (already searched and sorted), one row each: the date as an ISO day and the
 * data as bytes, so a spreadsheet can sort and sum them.
 */
export function membersCsv(members: readonly TeamMember[], labels: MembersCsvLabels): string {
  return toCsv([
    [labels.name, labels.email, labels.role, labels.secondFactor, labels.dateAdded, labels.dataUsed],
    ...members.map((member) => [
      memberNameOf(member),
      member.email,
      labels.roleOf(member),
      labels.secondFactorOf(member),
      member.dateGenerated.slice(0, 10),
      member.usageBytesThisPeriod,
    ]),
  ]);
}

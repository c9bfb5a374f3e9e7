import { toCsv } from '../../../contract/csv';
import type { TeamMember } from '../../../contract/teams';
import { memberNameOf } from './members-table';

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

import type { TeamMember } from '../../../contract/teams';

export type MemberColumn = 'name' | 'email' | 'role' | 'secondFactor' | 'dateAdded' | 'dataUsed';
export type MemberSort = { column: MemberColumn; direction: 'ascending' | 'descending' };

export const defaultMemberSort: MemberSort = { column: 'name', direction: 'ascending' };

/** "Ada Lovelace"; an empty string when the person gave no name. */
export function memberNameOf(member: Pick<TeamMember, 'firstName' | 'lastName'>): string {
  return [member.firstName, member.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** A header's button: the same column turns the order around, another column starts ascending. */
export function nextMemberSort(sort: MemberSort, column: MemberColumn): MemberSort {
  if (sort.column !== column) return { column, direction: 'ascending' };
  return { column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' };
}

function compareBy(column: MemberColumn, collator: Intl.Collator): (a: TeamMember, b: TeamMember) => number {
  switch (column) {
    case 'name':
      return (a, b) => collator.compare(memberNameOf(a), memberNameOf(b)) || collator.compare(a.email, b.email);
    case 'email':
      return (a, b) => collator.compare(a.email, b.email);
    case 'role':
      return (a, b) => collator.compare(a.role, b.role) || collator.compare(a.email, b.email);
    case 'secondFactor':
      return (a, b) => Number(a.secondFactor) - Number(b.secondFactor) || collator.compare(a.email, b.email);
    case 'dateAdded':
      return (a, b) => Date.parse(a.dateGenerated) - Date.parse(b.dateGenerated);
    case 'dataUsed':
      return (a, b) => a.usageBytesThisPeriod - b.usageBytesThisPeriod;
  }
}

/**
 * The members the table shows: those whose name or e-mail contains the search (ignoring case and
 * accents), in the chosen order. The CSV export uses the same list, so it holds what is shown.
 */
export function visibleMembers(
  members: readonly TeamMember[],
  search: string,
  sort: MemberSort,
  locale: string,
): TeamMember[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const needle = search
    .trim()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase(locale);
  const matches = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase(locale)
      .includes(needle);
  const shown = needle
    ? members.filter((member) => matches(memberNameOf(member)) || matches(member.email))
    : [...members];
  const compare = compareBy(sort.column, collator);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return shown.sort((a, b) => sign * compare(a, b));
}

/**
 * Where the team's members will be managed (issue 9). It renders nothing until then, so the page
 * promises nothing that is not there.
 */
export function TeamMembersSlot(_props: { teamId: number }): null {
  return null;
}

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AuditKind, TeamMessage, type TeamRole } from '../../../contract/teams';

/**
 * The contract's team messages, translated. The server answers refusals with these texts in
 * `message`, and the machines check the forms with them.
 */
const teamMessages: Record<string, MessageDescriptor> = {
  [TeamMessage.alreadyInAnotherTeam]: msg`User is already a paid member or part of another team. Please contact support if you think this is incorrect`,
  [TeamMessage.alreadyMember]: msg`This person is already a member of this team.`,
  [TeamMessage.alreadyInvited]: msg`This person is already invited to this team.`,
  [TeamMessage.seatsFull]: msg`All seats are taken. Add seats to the subscription, or remove a member or an invitation first.`,
  [TeamMessage.familyFull]: msg`This family plan has no room for another person.`,
  [TeamMessage.ownerCannotBeRemoved]: msg`The owner of the subscription cannot be removed from its team.`,
  [TeamMessage.ownerCannotBeDemoted]: msg`The owner of the subscription is always an admin of its team.`,
  [TeamMessage.notAdmin]: msg`Only the owner and the team’s admins can do this.`,
  [TeamMessage.notATeamPlan]: msg`This subscription has no team.`,
  [TeamMessage.onlyOwnerSetsRule]: msg`Only the owner of the subscription can change what the team requires of its members.`,
  [TeamMessage.memberNotFound]: msg`This person is not a member of this team.`,
  [TeamMessage.invitationNotFound]: msg`There is no pending invitation for this address.`,
  [TeamMessage.invitationInvalid]: msg`This invitation code is not valid.`,
  [TeamMessage.invitationExpired]: msg`This invitation has expired. Please ask for a new one.`,
  [TeamMessage.invitationCanceled]: msg`This invitation was canceled.`,
  [TeamMessage.invitationUsed]: msg`This invitation has already been accepted.`,
  [TeamMessage.invitationForAnotherAddress]: msg`This invitation was sent to another e-mail address. Sign in with that address to accept it.`,
  [TeamMessage.teamNameRequired]: msg`Please enter a name for the team.`,
  [TeamMessage.teamNameTooLong]: msg`Please keep the team name under 100 characters.`,
};

/** A message from the contract or the server in the reader's language when we know it; any other as it came. */
export function teamMessageText(i18n: I18n, message: string): string {
  const known = teamMessages[message];
  return known ? i18n._(known) : message;
}

/** When the server sent no message (network down, a 5xx). */
export const teamChangeUnavailable = msg`We could not change the team right now. Please try again later.`;

export const roleLabels: Record<TeamRole, MessageDescriptor> = {
  admin: msg`Admin`,
  user: msg`User`,
};

/** The audit log's filter by kind. */
export const auditKindLabels: Record<AuditKind, MessageDescriptor> = {
  secondFactorRuleChanged: msg`Two-step sign-in rule changed`,
  memberAdded: msg`Member added`,
  memberInvited: msg`Member invited`,
  memberRemoved: msg`Member removed`,
  roleChanged: msg`Role changed`,
  invitationCanceled: msg`Invitation canceled`,
  invitationAccepted: msg`Invitation accepted`,
  teamRenamed: msg`Team renamed`,
  seatsChanged: msg`Seats changed`,
  apiKeyCreated: msg`API key created`,
  apiKeyDeleted: msg`API key deleted`,
  apiKeyAddressesChanged: msg`API key addresses changed`,
  serverRequested: msg`Server requested`,
};

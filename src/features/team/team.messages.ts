import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditKind, TeamRole } from '../../../contract/teams';

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

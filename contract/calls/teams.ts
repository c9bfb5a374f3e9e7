import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  AddTeamMemberRequest,
  AddTeamMemberResponse,
  AuditPage,
  AuditQuery,
  RenameTeamRequest,
  SecondFactorRuleRequest,
  Team,
  TeamChangeDone,
  teamAddLimits,
  teamManagementRefusals,
  UpdateRoleRequest,
} from '../teams';

const memberConflict =
  'A person who belongs to another team or pays for a subscription of their own cannot join: 409 `team_member_conflict`, whose body also carries `isPaid` (whether they pay).';

export const readTeam = declareCall({
  method: 'GET',
  path: '/api/subscription/{referenceId}/team',
  summary: "The subscription's team: members, invitations, API keys, seats and the two-step rule",
  tag: 'Teams',
  access: 'adminOrOwner',
  answers: { 200: Team },
  refusals: teamManagementRefusals,
});

export const addTeamMember = declareCall({
  method: 'POST',
  path: '/api/subscription/{referenceId}/team/member',
  summary: 'Invite a person to the team by e-mail address',
  description: `The same answer whether or not the address has an account: either way a mail asks the person to act (a new address proves itself and chooses its own password; \`password\` is accepted and never used). ${memberConflict}`,
  tag: 'Teams',
  access: 'adminOrOwner',
  body: AddTeamMemberRequest,
  answers: { 200: AddTeamMemberResponse },
  refusals: [...teamManagementRefusals, ErrorCode.teamConflict, ErrorCode.teamMemberConflict, ErrorCode.rateLimited],
  rateLimits: [teamAddLimits.perTeam, teamAddLimits.perRecipient],
});

export const cancelTeamInvitation = declareCall({
  method: 'DELETE',
  path: '/api/subscription/{referenceId}/team/invitation/{email}',
  summary: 'Cancel a pending invitation to the team',
  tag: 'Teams',
  access: 'adminOrOwner',
  answers: { 204: null },
  refusals: teamManagementRefusals,
});

export const removeTeamMember = declareCall({
  method: 'DELETE',
  path: '/api/subscription/{referenceId}/teamMember/{member}',
  summary: 'Remove a member from the team, named by user id or e-mail address',
  tag: 'Teams',
  access: 'adminOrOwner',
  answers: { 204: null },
  refusals: teamManagementRefusals,
});

export const setTeamSecondFactorRule = declareCall({
  method: 'PUT',
  path: '/api/subscription/{referenceId}/team/second-factor-rule',
  summary: 'Require two-step sign-in of every member, or stop requiring it',
  description:
    'The owner only, who must use two-step sign-in first. A member without it then reaches none of the team’s calls (403 `second_factor_setup_required`) until they set it up.',
  tag: 'Teams',
  access: 'owner',
  body: SecondFactorRuleRequest,
  answers: { 204: null },
  refusals: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.teamRefused, ErrorCode.teamConflict],
});

export const readTeamAudit = declareCall({
  method: 'GET',
  path: '/api/subscription/{referenceId}/team/audit',
  summary: "A page of the team's audit log, newest first",
  tag: 'Teams',
  access: 'adminOrOwner',
  query: AuditQuery,
  answers: { 200: AuditPage },
  refusals: teamManagementRefusals,
});

export const downloadTeamAudit = declareCall({
  method: 'GET',
  path: '/api/subscription/{referenceId}/team/audit.csv',
  summary: "The team's audit log as CSV, every event the filters select",
  description: '`page` is ignored. Cells a spreadsheet would run as a formula start with an apostrophe.',
  tag: 'Teams',
  access: 'adminOrOwner',
  query: AuditQuery,
  answers: { 200: { mediaType: 'text/csv' } },
  refusals: teamManagementRefusals,
});

export const acceptTeamInvitation = declareCall({
  method: 'POST',
  path: '/api/teams/invitation',
  summary: 'Join the team of an invitation mailed to the signed-in person',
  description: `The code must be unexpired, unused and meant for the signed-in person's address. ${memberConflict}`,
  tag: 'Teams',
  access: 'session',
  body: AcceptInvitationRequest,
  answers: { 200: AcceptInvitationResponse },
  refusals: [ErrorCode.invitationRefused, ErrorCode.teamConflict, ErrorCode.teamMemberConflict],
});

export const changeTeamMemberRole = declareCall({
  method: 'PUT',
  path: '/api/teams/members/update/role',
  summary: "Change a member's role; the owner is always an admin",
  tag: 'Teams',
  access: 'adminOrOwner',
  body: UpdateRoleRequest,
  answers: { 200: TeamChangeDone },
  refusals: teamManagementRefusals,
});

export const renameTeam = declareCall({
  method: 'PUT',
  path: '/api/teams/rename',
  summary: 'Rename the team',
  tag: 'Teams',
  access: 'adminOrOwner',
  body: RenameTeamRequest,
  answers: { 200: TeamChangeDone },
  refusals: teamManagementRefusals,
});

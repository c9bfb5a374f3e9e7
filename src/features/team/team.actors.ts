import { fromPromise } from 'xstate';
import {
  acceptTeamInvitation,
  addTeamMember,
  cancelTeamInvitation,
  changeTeamMemberRole,
  removeTeamMember,
  renameTeam,
  setTeamSecondFactorRule,
} from '../../../contract/calls/teams';
import type { AcceptInvitationResponse, AddTeamMemberResponse } from '../../../contract/teams';
import type {
  AddMemberInput,
  CancelInvitationInput,
  ChangeRoleInput,
  RemoveMemberInput,
  RenameTeamInput,
  SecondFactorRuleInput,
} from '../../../machines/team/team.machine';
import { callApi, explained } from '../../lib/api-client';

/** The changes of one subscription's team, each a call of the route table. */
export const teamActors = {
  addMember: fromPromise<AddTeamMemberResponse, AddMemberInput>(({ input }) =>
    explained(() => callApi(addTeamMember, { params: { referenceId: input.referenceId }, body: input.request })),
  ),
  removeMember: fromPromise<void, RemoveMemberInput>(async ({ input }) => {
    await explained(() =>
      callApi(removeTeamMember, { params: { referenceId: input.referenceId, member: input.userid } }),
    );
  }),
  changeRole: fromPromise<void, ChangeRoleInput>(async ({ input }) => {
    await explained(() => callApi(changeTeamMemberRole, { body: input }));
  }),
  cancelInvitation: fromPromise<void, CancelInvitationInput>(async ({ input }) => {
    await explained(() =>
      callApi(cancelTeamInvitation, { params: { referenceId: input.referenceId, email: input.email } }),
    );
  }),
  renameTeam: fromPromise<void, RenameTeamInput>(async ({ input }) => {
    await explained(() => callApi(renameTeam, { body: input }));
  }),
  setSecondFactorRule: fromPromise<void, SecondFactorRuleInput>(async ({ input }) => {
    await explained(() =>
      callApi(setTeamSecondFactorRule, { params: { referenceId: input.referenceId }, body: input.request }),
    );
  }),
};

/** POST /api/teams/invitation {confirmationCode}: joins the signed-in person to the team. */
export const acceptInvitation = fromPromise<AcceptInvitationResponse, { confirmationCode: string }>(({ input }) =>
  explained(() => callApi(acceptTeamInvitation, { body: input })),
);

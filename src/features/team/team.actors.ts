import * as v from 'valibot';
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
import { type AcceptInvitationResponse, type AddTeamMemberResponse, TeamMemberConflict } from '../../../contract/teams';
import { InvitationRefused } from '../../../machines/teamInvitation/teamInvitation.machine';
import {
  type AddMemberInput,
  type CancelInvitationInput,
  type ChangeRoleInput,
  type RemoveMemberInput,
  type RenameTeamInput,
  type SecondFactorRuleInput,
  TeamChangeRefused,
} from '../../../machines/teamMembership/teamMembership.machine';
import { ApiError, callApi } from '../../lib/api-client';

/**
 * A refusal the server explained becomes the machine's refusal with its message (spec section 8),
 * with `isPaid` when the 409 of an add carries it; anything else stays a plain error, which the
 * views word themselves.
 */
async function explained<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || !error.body) throw error;
    const conflict = v.safeParse(TeamMemberConflict, error.payload);
    throw new TeamChangeRefused(error.body.message, conflict.success && conflict.output.isPaid);
  }
}

/** The changes of one subscription's team, each a call of the route table. */
export const teamMembershipActors = {
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
export const acceptInvitation = fromPromise<AcceptInvitationResponse, { confirmationCode: string }>(
  async ({ input }) => {
    try {
      return await callApi(acceptTeamInvitation, { body: input });
    } catch (error) {
      if (error instanceof ApiError && error.body) throw new InvitationRefused(error.body.message);
      throw error;
    }
  },
);

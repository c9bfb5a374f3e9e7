import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import {
  AcceptInvitationResponse as AcceptInvitationAnswer,
  type AcceptInvitationResponse,
  AddTeamMemberResponse,
  TeamMemberConflict,
} from '../../../contract/teams';
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
import { ApiError, apiRequest } from '../../lib/api-client';

/** 204s and answers whose body the screen does not need. */
const AnyAnswer = v.unknown();

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
    explained(() =>
      apiRequest(`${api.subscriptionTeam(input.referenceId)}/member`, {
        method: 'POST',
        body: input.request,
        schema: AddTeamMemberResponse,
      }),
    ),
  ),
  removeMember: fromPromise<void, RemoveMemberInput>(async ({ input }) => {
    await explained(() =>
      apiRequest(api.teamMember(input.referenceId, input.userid), { method: 'DELETE', schema: AnyAnswer }),
    );
  }),
  changeRole: fromPromise<void, ChangeRoleInput>(async ({ input }) => {
    await explained(() => apiRequest(api.updateMemberRole, { method: 'PUT', body: input, schema: AnyAnswer }));
  }),
  cancelInvitation: fromPromise<void, CancelInvitationInput>(async ({ input }) => {
    const path = `${api.subscriptionTeam(input.referenceId)}/invitation/${encodeURIComponent(input.email)}`;
    await explained(() => apiRequest(path, { method: 'DELETE', schema: AnyAnswer }));
  }),
  renameTeam: fromPromise<void, RenameTeamInput>(async ({ input }) => {
    await explained(() => apiRequest(api.renameTeam, { method: 'PUT', body: input, schema: AnyAnswer }));
  }),
  setSecondFactorRule: fromPromise<void, SecondFactorRuleInput>(async ({ input }) => {
    await explained(() =>
      apiRequest(api.teamSecondFactorRule(input.referenceId), {
        method: 'PUT',
        body: input.request,
        schema: AnyAnswer,
      }),
    );
  }),
};

/** POST /api/teams/invitation {confirmationCode}: joins the signed-in person to the team. */
export const acceptInvitation = fromPromise<AcceptInvitationResponse, { confirmationCode: string }>(
  async ({ input }) => {
    try {
      return await apiRequest(api.acceptInvitation, {
        method: 'POST',
        body: input,
        schema: AcceptInvitationAnswer,
      });
    } catch (error) {
      if (error instanceof ApiError && error.body) throw new InvitationRefused(error.body.message);
      throw error;
    }
  },
);

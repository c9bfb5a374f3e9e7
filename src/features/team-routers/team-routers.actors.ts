import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { type TeamRouterRequest, TeamRouterResponse } from '../../../contract/routers';
import { TeamRouterRefused } from '../../../machines/teamRouter/teamRouter.machine';
import { apiRequest, explained } from '../../lib/api-client';

function changeTeamRouter(path: string, method: 'PUT' | 'DELETE') {
  return fromPromise<TeamRouterResponse, TeamRouterRequest>(({ input }) =>
    explained(() => apiRequest(path, { method, body: input, schema: TeamRouterResponse }), TeamRouterRefused),
  );
}

/** PUT and DELETE of a team router: the team's router subscriptions after the change, or the refusal. */
export const teamRouterActors = {
  associateTeamRouter: changeTeamRouter(api.associateTeamRouter, 'PUT'),
  dissociateTeamRouter: changeTeamRouter(api.dissociateTeamRouter, 'DELETE'),
};

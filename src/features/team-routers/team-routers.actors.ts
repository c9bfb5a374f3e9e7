import { fromPromise } from 'xstate';
import { associateTeamRouter, dissociateTeamRouter } from '../../../contract/calls/routers';
import type { TeamRouterRequest, TeamRouterResponse } from '../../../contract/routers';
import { callApi, explained } from '../../lib/api-client';

function changeTeamRouter(call: typeof associateTeamRouter | typeof dissociateTeamRouter) {
  return fromPromise<TeamRouterResponse, TeamRouterRequest>(({ input }) =>
    explained(() => callApi(call, { body: input })),
  );
}

/** PUT and DELETE of a team router: the team's router subscriptions after the change, or the refusal. */
export const teamRouterActors = {
  associateTeamRouter: changeTeamRouter(associateTeamRouter),
  dissociateTeamRouter: changeTeamRouter(dissociateTeamRouter),
};

import { queryOptions } from '@tanstack/react-query';
import { listPrivateServers, listTeamServers } from '../../../contract/calls/servers';
import { callApi } from '../../lib/api-client';

/** GET /api/teams/servers/{teamId}: the team's servers (teamId other than -1). */
export function teamServersQuery(teamId: number) {
  return queryOptions({
    queryKey: ['servers', 'team', teamId] as const,
    queryFn: ({ signal }) => callApi(listTeamServers, { params: { teamId }, signal }),
    staleTime: 30_000,
  });
}

/** GET /api/account/private-individual-servers: the signed-in person's own servers (teamId -1). */
export const privateServersQuery = queryOptions({
  queryKey: ['servers', 'private'] as const,
  queryFn: ({ signal }) => callApi(listPrivateServers, { signal }),
  staleTime: 30_000,
});

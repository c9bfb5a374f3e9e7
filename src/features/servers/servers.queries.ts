import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { ServerList } from '../../../contract/teams';
import { apiRequest } from '../../lib/api-client';

/** GET /api/teams/servers/{teamId}: the team's servers (teamId other than -1). */
export function teamServersQuery(teamId: number) {
  return queryOptions({
    queryKey: ['servers', 'team', teamId] as const,
    queryFn: ({ signal }) => apiRequest(api.teamServers(teamId), { schema: ServerList, signal }),
    staleTime: 30_000,
  });
}

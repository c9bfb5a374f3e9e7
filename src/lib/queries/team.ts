import { queryOptions } from '@tanstack/react-query';
import { readTeam } from '../../../contract/calls/teams';
import { callApi } from '../api-client';

// Shared by the team section, the portal's API keys and servers, and the team's routers: each reads
// the same cached team. A module of its own, loaded with those lazy sections only.

/**
 * Reading the team is plain cached data: TanStack Query, no machine. The team and apiKey
 * machines make the changes and have their screens invalidate this key (and the audit log under it).
 */
export const teamQueryKey = (referenceId: string) => ['team', referenceId] as const;

export const teamQuery = (referenceId: string) =>
  queryOptions({
    queryKey: teamQueryKey(referenceId),
    queryFn: ({ signal }) => callApi(readTeam, { params: { referenceId }, signal }),
    staleTime: 30_000,
  });

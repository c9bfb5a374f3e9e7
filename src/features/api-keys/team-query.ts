import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { Team } from '../../../contract/teams';
import { apiRequest } from '../../lib/api-client';

/**
 * GET /api/subscription/{id}/team: the team with its members, invitations and API keys. The team
 * members section reads the same query (same key, same call); the two definitions are one query.
 */
export function teamQuery(referenceId: string) {
  return queryOptions({
    queryKey: ['team', referenceId] as const,
    queryFn: () => apiRequest(api.subscriptionTeam(referenceId), { schema: Team }),
    staleTime: 30_000,
  });
}

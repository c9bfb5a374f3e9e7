import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { ErrorCode } from '../../../contract/errors';
import { AuditPage, Team } from '../../../contract/teams';
import { ApiError, apiRequest } from '../../lib/api-client';
import type { AuditFilterValues as AuditFilters } from './audit-log.view';

/**
 * Reading the team and its audit log is plain cached data: TanStack Query, no machine. The
 * teamMembership machine makes the changes and has the screen invalidate these keys afterwards.
 */
export const teamQueryKey = (referenceId: string) => ['team', referenceId] as const;

export const teamQuery = (referenceId: string) =>
  queryOptions({
    queryKey: teamQueryKey(referenceId),
    queryFn: ({ signal }) => apiRequest(api.subscriptionTeam(referenceId), { schema: Team, signal }),
    staleTime: 30_000,
  });

/**
 * The server's explanation when a team call was refused because the team requires two-step sign-in
 * and this person has not set it up (403 `second_factor_setup_required`); null for anything else.
 * The team's pages read it from their own query's error rather than asking a second time.
 */
export function secondFactorSetupRequiredOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return error.body?.error === ErrorCode.secondFactorSetupRequired ? error.body.message : null;
}

/** The filters as the query string of `/audit` and `/audit.csv` (which ignores the page). */
export function auditSearchOf({ kind, actor, page }: AuditFilters, withPage = true): string {
  const search = new URLSearchParams();
  if (kind) search.set('kind', kind);
  if (actor) search.set('actor', actor);
  if (withPage) search.set('page', String(page));
  return search.toString();
}

export const auditCsvHref = (referenceId: string, filters: AuditFilters) =>
  `${api.subscriptionTeam(referenceId)}/audit.csv?${auditSearchOf(filters, false)}`;

export const auditQuery = (referenceId: string, filters: AuditFilters) =>
  queryOptions({
    queryKey: [...teamQueryKey(referenceId), 'audit', filters] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${api.subscriptionTeam(referenceId)}/audit?${auditSearchOf(filters)}`, { schema: AuditPage, signal }),
    staleTime: 30_000,
  });

import { queryOptions } from '@tanstack/react-query';
import { downloadTeamAudit, readTeamAudit } from '../../../contract/calls/teams';
import { ErrorCode } from '../../../contract/errors';
import { addressOf } from '../../../contract/http';
import { ApiError, callApi } from '../../lib/api-client';
import { teamQueryKey } from '../../lib/queries/team';
import type { AuditFilterValues as AuditFilters } from './audit-log.view';

/**
 * The server's explanation when a team call was refused because the team requires two-step sign-in
 * and this person has not set it up (403 `second_factor_setup_required`); null for anything else.
 * The team's pages read it from their own query's error rather than asking a second time.
 */
export function secondFactorSetupRequiredOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return error.body?.error === ErrorCode.secondFactorSetupRequired ? error.body.message : null;
}

/** The filters as the query of `/audit` and `/audit.csv` (which ignores the page); a filter not set is left out. */
const auditFiltersOf = ({ kind, actor }: AuditFilters) => ({ kind: kind || undefined, actor: actor || undefined });

export const auditCsvHref = (referenceId: string, filters: AuditFilters) =>
  addressOf(downloadTeamAudit, { referenceId }, auditFiltersOf(filters));

/** The audit log, under the team's key: a change to the team invalidates both. */
export const auditQuery = (referenceId: string, filters: AuditFilters) =>
  queryOptions({
    queryKey: [...teamQueryKey(referenceId), 'audit', filters] as const,
    queryFn: ({ signal }) =>
      callApi(readTeamAudit, {
        params: { referenceId },
        query: { ...auditFiltersOf(filters), page: String(filters.page) },
        signal,
      }),
    staleTime: 30_000,
  });

import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { TeamMember } from '../../../contract/teams';
import { teamMachine } from '../../../machines/team/team.machine';
import { isOwner } from '../../app/guards';
import { downloadText } from '../../lib/download';
import { accountUserQuery } from '../../lib/queries/account-user';
import { teamQuery, teamQueryKey } from '../../lib/queries/team';
import { type AuditFilterValues, AuditLogView } from './audit-log.view';
import { membersCsv } from './members-csv';
import { defaultMemberSort, type MemberSort } from './members-table';
import { teamActors } from './team.actors';
import { roleLabels } from './team.messages';
import { auditCsvHref, auditQuery } from './team.queries';
import { TeamLoadFailedView, TeamView } from './team.view';
import { TeamLoadingView } from './team-loading.view';

type TeamProps = { referenceId: string; teamId: number };

function TeamMembersScreen({ referenceId, teamId }: TeamProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery(referenceId));
  const account = useQuery(accountUserQuery);
  const subscription = account.data?.subscriptions.find((candidate) => candidate.referenceId === referenceId);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MemberSort>(defaultMemberSort);
  const actor = useActorRef(
    teamMachine.provide({
      actors: teamActors,
      actions: {
        // The team, its audit log (under the team's key) and the account's seat counts.
        teamChanged: () => {
          void queryClient.invalidateQueries({ queryKey: teamQueryKey(referenceId) });
          void queryClient.invalidateQueries({ queryKey: accountUserQuery.queryKey });
        },
      },
    }),
    { input: { referenceId, teamId } },
  );
  const snapshot = useSelector(actor, (state) => state);
  if (team.isPending) return <TeamLoadingView />;
  if (team.isError) return <TeamLoadFailedView onRetry={() => void team.refetch()} />;
  const downloadCsv = (members: TeamMember[]) =>
    downloadText(
      `${team.data.name || 'team'}-members.csv`,
      membersCsv(members, {
        name: t`Name`,
        email: t`E-mail`,
        role: t`Role`,
        secondFactor: t`Two-step sign-in`,
        dateAdded: t`Date added`,
        dataUsed: t`Data used this period (bytes)`,
        roleOf: (member) => (member.isOwner ? t`Owner` : i18n._(roleLabels[member.role])),
        secondFactorOf: (member) => (member.secondFactor ? t`On` : t`Off`),
      }),
      'text/csv;charset=utf-8',
    );
  return (
    <TeamView
      snapshot={snapshot}
      send={actor.send}
      team={team.data}
      viewerIsOwner={Boolean(account.data && subscription && isOwner(account.data, subscription))}
      search={search}
      onSearchChange={setSearch}
      sort={sort}
      onSortChange={setSort}
      onDownloadCsv={downloadCsv}
    />
  );
}

/** Reading the log is a query with the filters in its key; no machine, as nothing changes here. */
function AuditLogScreen({ referenceId }: { referenceId: string }) {
  const [filters, setFilters] = useState<AuditFilterValues>({ kind: null, actor: null, page: 1 });
  const audit = useQuery({ ...auditQuery(referenceId, filters), placeholderData: keepPreviousData });
  return (
    <AuditLogView
      page={audit.data}
      loadFailed={audit.isError}
      onRetry={() => void audit.refetch()}
      filters={filters}
      onFiltersChange={setFilters}
      csvHref={auditCsvHref(referenceId, filters)}
    />
  );
}

/** The portal's team section: the members, invitations and name, then the audit log. */
export function TeamScreen(props: TeamProps) {
  return (
    <>
      <TeamMembersScreen {...props} />
      <AuditLogScreen referenceId={props.referenceId} />
    </>
  );
}

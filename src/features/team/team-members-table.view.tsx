import { Trans, useLingui } from '@lingui/react/macro';
import type { TeamMember, TeamRole } from '../../../contract/teams';
import type { UsagePeriod } from '../../../contract/usage-period';
import type { MemberChoice } from '../../../machines/team/team.machine';
import { css } from '../../../styled-system/css';
import { stack, wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { Heading, Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { UsagePeriodNote } from '../../components/usage-period-note';
import { formatBytes } from '../../lib/format/bytes';
import { formatDate } from '../../lib/format/dates';
import { fieldControl } from '../../theme/recipes/field';
import { type MemberColumn, type MemberSort, memberNameOf, nextMemberSort } from './members-table';
import { roleLabels } from './team.messages';

export type MembersTableProps = {
  /** The members as shown: already searched and sorted. */
  members: TeamMember[];
  /** The span the data-used column counts. */
  usagePeriod: UsagePeriod;
  search: string;
  onSearchChange: (value: string) => void;
  sort: MemberSort;
  onSortChange: (sort: MemberSort) => void;
  /** Gets the members as shown; the screen makes the file. */
  onDownloadCsv: (members: TeamMember[]) => void;
  /** False while a change is under way or a form is open. */
  actionsEnabled: boolean;
  /** The role change under way: its row shows the new role, busy, until the team is read again. */
  roleChange: { userid: string; role: TeamRole } | null;
  onChangeRole: (member: MemberChoice, role: TeamRole) => void;
  onRemove: (member: MemberChoice) => void;
};

const roles: TeamRole[] = ['admin', 'user'];

/** The members' columns: every one but the buttons sorts the table. */
function useMemberColumns(props: MembersTableProps): DataTableColumn<TeamMember, MemberColumn | 'actions'>[] {
  const { t, i18n } = useLingui();
  const choiceOf = (member: TeamMember): MemberChoice => ({ userid: member.userid, email: member.email });
  return [
    {
      key: 'name',
      header: <Trans>Name</Trans>,
      sortable: true,
      cell: (member) => {
        const name = memberNameOf(member);
        return name ? (
          <bdi>{name}</bdi>
        ) : (
          <Text as="span" tone="muted">
            —
          </Text>
        );
      },
    },
    {
      key: 'email',
      header: <Trans>E-mail</Trans>,
      sortable: true,
      cell: (member) => <bdi dir="ltr">{member.email}</bdi>,
    },
    {
      key: 'role',
      header: <Trans>Role</Trans>,
      sortable: true,
      cell: (member) => {
        if (member.isOwner) return <Trans>Owner</Trans>;
        const email = member.email;
        const busy = props.roleChange?.userid === member.userid;
        return (
          <select
            aria-label={t`Role of ${email}`}
            className={fieldControl}
            value={busy ? props.roleChange?.role : member.role}
            disabled={!props.actionsEnabled}
            aria-busy={busy}
            onChange={(event) => props.onChangeRole(choiceOf(member), event.currentTarget.value as TeamRole)}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {i18n._(roleLabels[role])}
              </option>
            ))}
          </select>
        );
      },
    },
    {
      key: 'secondFactor',
      header: <Trans>Two-step sign-in</Trans>,
      sortable: true,
      // In words, not by colour alone.
      cell: (member) => (member.secondFactor ? <Trans>On</Trans> : <Trans>Off</Trans>),
    },
    {
      key: 'dateAdded',
      header: <Trans>Date added</Trans>,
      sortable: true,
      cell: (member) => formatDate(member.dateGenerated, i18n.locale),
    },
    {
      key: 'dataUsed',
      header: <Trans>Data used this period</Trans>,
      sortable: true,
      numeric: true,
      cell: (member) => formatBytes(member.usageBytesThisPeriod, i18n.locale),
    },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      headerHidden: true,
      cell: (member) => {
        if (member.isOwner) return null;
        const email = member.email;
        return (
          <Button
            variant="danger"
            aria-label={t`Remove ${email}`}
            disabled={!props.actionsEnabled}
            onClick={() => props.onRemove(choiceOf(member))}
          >
            <Trans>Remove</Trans>
          </Button>
        );
      },
    },
  ];
}

/** The team's members: searchable, sortable by each column, exportable as shown. */
export function MembersTable(props: MembersTableProps) {
  const { t } = useLingui();
  const { members, search, sort, onSortChange } = props;
  const columns = useMemberColumns(props);
  return (
    <section aria-labelledby="team-members-title" className={stack({ gap: '3' })}>
      <Heading as="h3" level="subsection" id="team-members-title">
        <Trans>Members</Trans>
      </Heading>
      <UsagePeriodNote period={props.usagePeriod} />
      <div className={wrap({ gap: '3', align: 'flex-end' })}>
        <TextField
          className={css({ flex: '1', minWidth: '14rem', maxWidth: '24rem' })}
          label={t`Search by name or e-mail`}
          type="search"
          name="member-search"
          autoComplete="off"
          value={search}
          onValueChange={props.onSearchChange}
        />
        <Button variant="outline" disabled={members.length === 0} onClick={() => props.onDownloadCsv(members)}>
          <Trans>Download CSV</Trans>
        </Button>
      </div>
      <DataTable
        caption={<Trans>Members of the team</Trans>}
        captionHidden
        columns={columns}
        rows={members}
        rowKey={(member) => member.userid}
        sort={sort}
        onSort={(column) => column !== 'actions' && onSortChange(nextMemberSort(sort, column))}
        empty={
          <Text tone="muted">
            {search.trim() ? <Trans>No member matches “{search}”.</Trans> : <Trans>The team has no members yet.</Trans>}
          </Text>
        }
      />
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TeamMember, TeamRole } from '../../../contract/teams';
import type { MemberChoice } from '../../../machines/teamMembership/teamMembership.machine';
import { css } from '../../../styled-system/css';
import { Button } from '../../components/ui/button';
import { table, tableScroller } from '../../components/ui/table';
import { TextField } from '../../components/ui/text-field';
import { formatBytes } from '../../lib/format/bytes';
import { formatDate } from '../../lib/format/dates';
import { fieldControl } from '../../theme/recipes/field';
import { type MemberColumn, type MemberSort, memberNameOf, nextMemberSort } from './members-table';
import { roleLabels } from './team.messages';
import { muted, subheading } from './team-styles';

export type MembersTableProps = {
  /** The members as shown: already searched and sorted. */
  members: TeamMember[];
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

function SortableHeader({
  column,
  sort,
  onSortChange,
  children,
}: {
  column: MemberColumn;
  sort: MemberSort;
  onSortChange: (sort: MemberSort) => void;
  children: ReactNode;
}) {
  const sorted = sort.column === column;
  return (
    <th scope="col" aria-sort={sorted ? sort.direction : 'none'}>
      <button
        type="button"
        onClick={() => onSortChange(nextMemberSort(sort, column))}
        className={css({
          display: 'inline-flex',
          gap: '1',
          alignItems: 'center',
          fontWeight: 'semibold',
          color: sorted ? 'fg.default' : 'fg.muted',
          cursor: 'pointer',
          _hover: { color: 'fg.default' },
          _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
        })}
      >
        {children}
        <span aria-hidden="true">{sorted ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

function MemberRow({ member, ...props }: { member: TeamMember } & MembersTableProps) {
  const { t, i18n } = useLingui();
  const name = memberNameOf(member);
  const choice = { userid: member.userid, email: member.email };
  const email = member.email;
  const busy = props.roleChange?.userid === member.userid;
  return (
    <tr>
      <td>{name ? <bdi>{name}</bdi> : <span className={muted}>—</span>}</td>
      <td>
        <bdi dir="ltr">{email}</bdi>
      </td>
      <td>
        {member.isOwner ? (
          <Trans>Owner</Trans>
        ) : (
          <select
            aria-label={t`Role of ${email}`}
            className={fieldControl}
            value={busy ? props.roleChange?.role : member.role}
            disabled={!props.actionsEnabled}
            aria-busy={busy}
            onChange={(event) => props.onChangeRole(choice, event.currentTarget.value as TeamRole)}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {i18n._(roleLabels[role])}
              </option>
            ))}
          </select>
        )}
      </td>
      {/* In words, not by colour alone. */}
      <td>{member.secondFactor ? <Trans>On</Trans> : <Trans>Off</Trans>}</td>
      <td>{formatDate(member.dateGenerated, i18n.locale)}</td>
      <td>{formatBytes(member.usageBytesThisPeriod, i18n.locale)}</td>
      <td>
        {member.isOwner ? null : (
          <Button
            variant="outline"
            aria-label={t`Remove ${email}`}
            disabled={!props.actionsEnabled}
            onClick={() => props.onRemove(choice)}
          >
            <Trans>Remove</Trans>
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The team's members: searchable, sortable by each column, exportable as shown. */
export function MembersTable(props: MembersTableProps) {
  const { t } = useLingui();
  const { members, search, sort, onSortChange } = props;
  return (
    <section aria-labelledby="team-members-title" className={css({ display: 'grid', gap: '3' })}>
      <h3 id="team-members-title" className={subheading}>
        <Trans>Members</Trans>
      </h3>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
        <div className={css({ flex: '1', minWidth: '14rem', maxWidth: '24rem' })}>
          <TextField
            label={t`Search by name or e-mail`}
            type="search"
            name="member-search"
            autoComplete="off"
            value={search}
            onValueChange={props.onSearchChange}
          />
        </div>
        <Button variant="outline" disabled={members.length === 0} onClick={() => props.onDownloadCsv(members)}>
          <Trans>Download CSV</Trans>
        </Button>
      </div>
      <div className={tableScroller}>
        <table className={table}>
          <caption className={css({ srOnly: true })}>
            <Trans>Members of the team</Trans>
          </caption>
          <thead>
            <tr>
              <SortableHeader column="name" sort={sort} onSortChange={onSortChange}>
                <Trans>Name</Trans>
              </SortableHeader>
              <SortableHeader column="email" sort={sort} onSortChange={onSortChange}>
                <Trans>E-mail</Trans>
              </SortableHeader>
              <SortableHeader column="role" sort={sort} onSortChange={onSortChange}>
                <Trans>Role</Trans>
              </SortableHeader>
              <SortableHeader column="secondFactor" sort={sort} onSortChange={onSortChange}>
                <Trans>Two-step sign-in</Trans>
              </SortableHeader>
              <SortableHeader column="dateAdded" sort={sort} onSortChange={onSortChange}>
                <Trans>Date added</Trans>
              </SortableHeader>
              <SortableHeader column="dataUsed" sort={sort} onSortChange={onSortChange}>
                <Trans>Data used this period</Trans>
              </SortableHeader>
              <th scope="col">
                <span className={css({ srOnly: true })}>
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow key={member.userid} member={member} {...props} />
            ))}
          </tbody>
        </table>
      </div>
      {members.length === 0 ? (
        <p className={muted}>
          {search.trim() ? <Trans>No member matches “{search}”.</Trans> : <Trans>The team has no members yet.</Trans>}
        </p>
      ) : null}
    </section>
  );
}

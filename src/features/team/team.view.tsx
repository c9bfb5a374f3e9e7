import { Trans, useLingui } from '@lingui/react/macro';
import type { Team, TeamMember } from '../../../contract/teams';
import { wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { StatusMessage } from '../../components/ui/status-message';
import { AddMemberForm } from './add-member-form.view';
import { type MemberSort, memberNameOf, visibleMembers } from './members-table';
import { SecondFactorRule } from './second-factor-rule.view';
import { roleLabels } from './team.messages';
import type { TeamPartProps, TeamSnapshot } from './team.types';
import { TeamFailureAlert } from './team-failure-alert.view';
import { TeamInvitations } from './team-invitations.view';
import { MembersTable } from './team-members-table.view';
import { TeamName, TeamSeats } from './team-name.view';

export type TeamViewProps = TeamPartProps & {
  team: Team;
  /** The subscription's owner, who alone sets the team's rules; an admin sees them read-only. */
  viewerIsOwner: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  sort: MemberSort;
  onSortChange: (sort: MemberSort) => void;
  /** Gets the members as shown; the screen turns them into a file. */
  onDownloadCsv: (members: TeamMember[]) => void;
};

const title = <Trans>Team</Trans>;

/** The last change, announced where screen readers hear it as it appears. */
function Confirmation({ snapshot }: { snapshot: TeamSnapshot }) {
  const { i18n } = useLingui();
  const { subjectEmail, role } = snapshot.context;
  const email = subjectEmail ?? '';
  const roleName = role ? i18n._(roleLabels[role]) : '';
  return (
    <StatusMessage>
      {/* The same for a new address and an existing account: both are asked by mail (issue 21). */}
      {snapshot.matches('added') ? (
        <Trans>
          We sent <bdi>{email}</bdi> an invitation. They join the team when they accept it, and take a seat until then.
        </Trans>
      ) : null}
      {snapshot.matches('removed') ? (
        <Trans>
          <bdi>{email}</bdi> is no longer in the team.
        </Trans>
      ) : null}
      {snapshot.matches('roleChanged') ? (
        <Trans>
          <bdi>{email}</bdi> is now: {roleName}.
        </Trans>
      ) : null}
      {snapshot.matches('invitationCanceled') ? (
        <Trans>
          The invitation of <bdi>{email}</bdi> is canceled.
        </Trans>
      ) : null}
      {snapshot.matches('renamed') ? <Trans>The team is renamed.</Trans> : null}
      {snapshot.matches('secondFactorRuleSet') ? (
        snapshot.context.secondFactorRequired ? (
          <Trans>Members must now use two-step sign-in.</Trans>
        ) : (
          <Trans>Members no longer have to use two-step sign-in.</Trans>
        )
      ) : null}
    </StatusMessage>
  );
}

/**
 * The confirm dialog of a removal, open exactly while the machine confirms, so the server's refusal
 * and the busy state come from the snapshot. Built like the portal's cancel dialog rather than on
 * `confirm()` of lib/dialogs, which answers a promise outside the machine and could not show the
 * refusal beside the question.
 */
function RemovalDialog({ snapshot, send, team }: TeamPartProps & { team: Team }) {
  const open =
    snapshot.matches('confirmingRemoval') || snapshot.matches('removing') || snapshot.matches('removeFailed');
  const removing = snapshot.matches('removing');
  const chosen = snapshot.context.member;
  const member = team.teamMembers.find((candidate) => candidate.userid === chosen?.userid);
  const who = (member && memberNameOf(member)) || chosen?.email || '';
  return (
    <ConfirmDialog
      open={open}
      busy={removing}
      title={
        <Trans>
          Remove <bdi>{who}</bdi> from the team?
        </Trans>
      }
      description={<Trans>Their seat becomes free at once. Their account stays, without the team’s plan.</Trans>}
      rejectLabel={<Trans>Keep member</Trans>}
      acceptLabel={removing ? <Trans>Removing…</Trans> : <Trans>Remove member</Trans>}
      onReject={() => send({ type: 'user.dismiss' })}
      onAccept={() => send({ type: 'user.confirmRemoval' })}
    >
      {snapshot.matches('removeFailed') ? <TeamFailureAlert snapshot={snapshot} /> : null}
    </ConfirmDialog>
  );
}

function roleChangeOf(snapshot: TeamSnapshot) {
  const { member, role } = snapshot.context;
  return snapshot.matches('changingRole') && member && role ? { userid: member.userid, role } : null;
}

const addingStates = ['adding', 'submittingMember', 'addFailed'] as const;

/** The team of a subscription, for its owner and admins: name, seats, members, invitations. */
export function TeamView({
  snapshot,
  send,
  team,
  viewerIsOwner,
  search,
  onSearchChange,
  sort,
  onSortChange,
  onDownloadCsv,
}: TeamViewProps) {
  const { i18n } = useLingui();
  const ready = snapshot.hasTag('ready');
  const adding = addingStates.some((state) => snapshot.matches(state));
  const showsFailure = snapshot.matches('roleFailed') || snapshot.matches('cancelInvitationFailed');
  return (
    <Card title={title}>
      <TeamName snapshot={snapshot} send={send} team={team} />
      <TeamSeats team={team} />
      <SecondFactorRule snapshot={snapshot} send={send} team={team} viewerIsOwner={viewerIsOwner} />
      <Confirmation snapshot={snapshot} />
      {showsFailure ? <TeamFailureAlert snapshot={snapshot} /> : null}
      {adding ? (
        <AddMemberForm snapshot={snapshot} send={send} />
      ) : (
        <div className={wrap({ gap: '3', align: 'center' })}>
          <Button disabled={!ready} onClick={() => send({ type: 'user.startAdding' })}>
            <Trans>Add a member</Trans>
          </Button>
        </div>
      )}
      <MembersTable
        members={visibleMembers(team.teamMembers, search, sort, i18n.locale)}
        usagePeriod={team.usagePeriod}
        search={search}
        onSearchChange={onSearchChange}
        sort={sort}
        onSortChange={onSortChange}
        onDownloadCsv={onDownloadCsv}
        actionsEnabled={ready}
        roleChange={roleChangeOf(snapshot)}
        onChangeRole={(member, role) => send({ type: 'user.changeRole', member, role })}
        onRemove={(member) => send({ type: 'user.remove', member })}
      />
      <TeamInvitations snapshot={snapshot} send={send} team={team} />
      <RemovalDialog snapshot={snapshot} send={send} team={team} />
    </Card>
  );
}

export function TeamLoadFailedView({ onRetry }: { onRetry: () => void }) {
  return (
    <Card title={title}>
      <Alert onRetry={onRetry}>
        <Trans>We could not load the team.</Trans>
      </Alert>
    </Card>
  );
}

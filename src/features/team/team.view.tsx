import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Team, TeamMember, TeamRole } from '../../../contract/teams';
import { unexplained } from '../../../machines/refusal';
import {
  isPaidElsewhere,
  type TeamMembershipEvent,
  type teamMembershipMachine,
} from '../../../machines/teamMembership/teamMembership.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card-look';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { formatDate } from '../../lib/format/dates';
import { fieldErrorText } from '../../lib/validation-messages';
import { fieldControl } from '../../theme/recipes/field';
import { type MemberSort, memberNameOf, visibleMembers } from './members-table';
import '../../lib/refusals/teams';
import { roleLabels, teamChangeUnavailable } from './team.messages';
import { MembersTable } from './team-members-table.view';
import { muted, row, subheading } from './team-styles';

type TeamMembershipSnapshot = Pick<SnapshotFrom<typeof teamMembershipMachine>, 'context' | 'hasTag' | 'matches'>;

export type TeamViewProps = {
  snapshot: TeamMembershipSnapshot;
  send: (event: TeamMembershipEvent) => void;
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

type PartProps = Pick<TeamViewProps, 'snapshot' | 'send'>;

const roles: TeamRole[] = ['admin', 'user'];

function FailureAlert({ snapshot }: { snapshot: TeamMembershipSnapshot }) {
  const { i18n } = useLingui();
  const failure = snapshot.context.failure ?? unexplained;
  return <Alert>{refusalText(i18n, failure, { unavailable: teamChangeUnavailable })}</Alert>;
}

/** The last change, announced where screen readers hear it as it appears. */
function Confirmation({ snapshot }: { snapshot: TeamMembershipSnapshot }) {
  const { i18n } = useLingui();
  const { subjectEmail, role } = snapshot.context;
  const email = subjectEmail ?? '';
  const roleName = role ? i18n._(roleLabels[role]) : '';
  return (
    <p role="status" className={css({ color: 'success.default', _empty: { display: 'none' } })}>
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
    </p>
  );
}

function TeamName({ snapshot, send, team }: PartProps & { team: Team }) {
  const { t, i18n } = useLingui();
  const editing =
    snapshot.matches('renaming') || snapshot.matches('savingTeamName') || snapshot.matches('renameFailed');
  const saving = snapshot.matches('savingTeamName');
  const { teamNameDraft, teamNameError } = snapshot.context;
  if (!editing)
    return (
      <div className={row}>
        <p>
          <bdi className={css({ fontWeight: 'medium' })}>{team.name}</bdi>
        </p>
        <Button
          variant="link"
          disabled={!snapshot.hasTag('ready')}
          onClick={() => send({ type: 'user.startRenaming', name: team.name })}
        >
          <Trans>Rename team</Trans>
        </Button>
      </div>
    );
  return (
    <form
      noValidate
      className={css({ display: 'grid', gap: '3', maxWidth: '24rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.saveTeamName' });
      }}
    >
      {snapshot.matches('renameFailed') ? <FailureAlert snapshot={snapshot} /> : null}
      <TextField
        label={t`Team name`}
        name="team-name"
        autoComplete="off"
        autoFocus
        value={teamNameDraft}
        disabled={saving}
        errorText={teamNameError ? contractMessageText(i18n, teamNameError) : undefined}
        onValueChange={(value) => send({ type: 'user.changeTeamName', value })}
      />
      <div className={row}>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Trans>Saving name…</Trans> : <Trans>Save name</Trans>}
        </Button>
        <Button variant="outline" disabled={saving} onClick={() => send({ type: 'user.dismiss' })}>
          <Trans>Discard</Trans>
        </Button>
      </div>
    </form>
  );
}

/** "3 of 5 seats in use"; a family counts people against the plan's most. */
function Seats({ team }: { team: Team }) {
  const inUse = team.seatsInUse;
  return (
    <p className={muted}>
      {team.maxMembers !== null ? (
        <Plural value={team.maxMembers} one={`${inUse} of # person`} other={`${inUse} of # people`} />
      ) : (
        <Plural value={team.seats} one={`${inUse} of # seat in use`} other={`${inUse} of # seats in use`} />
      )}
    </p>
  );
}

const ruleChoice = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '2.5',
  rowGap: '1',
  alignItems: 'center',
});
const ruleCheckbox = css({
  width: '5',
  height: '5',
  accentColor: 'accent.default',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  '&[aria-busy=true]': { cursor: 'progress' },
});

/**
 * The owner's rule "Members must use two-step sign-in": a checkbox for the owner, its state in words
 * for an admin. While it is saved, and until the team is read again, it shows the value asked for.
 * The checkbox keeps the focus while saving (aria-disabled rather than disabled, which would drop it).
 */
function SecondFactorRule({ snapshot, send, team, viewerIsOwner }: PartProps & { team: Team; viewerIsOwner: boolean }) {
  const id = useId();
  const saving = snapshot.matches('settingSecondFactorRule');
  const asked = snapshot.context.secondFactorRequired;
  const required =
    (saving || snapshot.matches('secondFactorRuleSet')) && asked !== null ? asked : team.requireSecondFactor;
  const ready = snapshot.hasTag('ready');
  const withoutIt = team.teamMembers.filter((member) => !member.secondFactor).length;
  // The rule holds for the owner too (the server sends them to set it up like anyone else).
  const ownerWithoutIt = viewerIsOwner && team.teamMembers.some((member) => member.isOwner && !member.secondFactor);
  return (
    <section aria-labelledby={`${id}-title`} className={css({ display: 'grid', gap: '2' })}>
      <h3 id={`${id}-title`} className={subheading}>
        <Trans>Two-step sign-in</Trans>
      </h3>
      {viewerIsOwner ? (
        <div className={ruleChoice}>
          <input
            id={id}
            type="checkbox"
            className={ruleCheckbox}
            checked={required}
            disabled={!ready && !saving}
            aria-disabled={saving || undefined}
            aria-busy={saving}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              if (ready) send({ type: 'user.setSecondFactorRule', required: event.currentTarget.checked });
            }}
          />
          <label htmlFor={id} className={css({ fontWeight: 'medium' })}>
            <Trans>Members must use two-step sign-in</Trans>
          </label>
          <p id={`${id}-hint`} className={css({ gridColumn: '2', color: 'fg.muted', fontSize: 'sm' })}>
            <Trans>
              Members without an authenticator app are asked to set one up before they reach the team’s pages.
            </Trans>
          </p>
          {ownerWithoutIt && !required ? (
            <p className={css({ gridColumn: '2', fontSize: 'sm' })}>
              <Trans>
                You have not turned on two-step sign-in yourself: with the rule on, the team’s pages ask you to set it
                up too.
              </Trans>
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p>
            {required ? (
              <Trans>Members must use two-step sign-in.</Trans>
            ) : (
              <Trans>Members do not have to use two-step sign-in.</Trans>
            )}
          </p>
          <p className={muted}>
            <Trans>Only the owner of the subscription can change this.</Trans>
          </p>
        </>
      )}
      {withoutIt > 0 ? (
        <p className={muted}>
          <Plural
            value={withoutIt}
            one="# member has not turned on two-step sign-in."
            other="# members have not turned on two-step sign-in."
          />
        </p>
      ) : null}
      {snapshot.matches('secondFactorRuleFailed') ? <FailureAlert snapshot={snapshot} /> : null}
    </section>
  );
}

function AddMemberForm({ snapshot, send }: PartProps) {
  const { t, i18n } = useLingui();
  const { form, formErrors, failure } = snapshot.context;
  const submitting = snapshot.matches('submittingMember');
  const errorOf = (key: string | undefined) => fieldErrorText(i18n, key);
  const email = form.email.trim();
  return (
    <form
      noValidate
      aria-labelledby="add-member-title"
      className={css({ display: 'grid', gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submitMember' });
      }}
    >
      <h3 id="add-member-title" className={subheading}>
        <Trans>Add a member</Trans>
      </h3>
      {snapshot.matches('addFailed') ? (
        <Alert>
          <span className={css({ display: 'grid', gap: '1' })}>
            <span>{refusalText(i18n, failure ?? unexplained, { unavailable: teamChangeUnavailable })}</span>
            {isPaidElsewhere(failure) ? (
              <span>
                <Trans>
                  <bdi>{email}</bdi> pays for a plan of their own. They can join your team once that plan ends.
                </Trans>
              </span>
            ) : null}
          </span>
        </Alert>
      ) : null}
      <TextField
        label={t`E-mail`}
        type="email"
        name="member-email"
        autoComplete="off"
        dir="ltr"
        autoFocus
        value={form.email}
        disabled={submitting}
        errorText={errorOf(formErrors.email)}
        onValueChange={(value) => send({ type: 'user.changeField', field: 'email', value })}
      />
      <div className={css({ display: 'grid', gap: '1.5' })}>
        <label htmlFor="member-role" className={css({ fontWeight: 'medium' })}>
          <Trans>Role</Trans>
        </label>
        <select
          id="member-role"
          name="member-role"
          className={fieldControl}
          value={form.role}
          disabled={submitting}
          onChange={(event) => send({ type: 'user.chooseRole', role: event.currentTarget.value as TeamRole })}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {i18n._(roleLabels[role])}
            </option>
          ))}
        </select>
      </div>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
        <TextField
          label={t`First name (optional)`}
          name="member-first-name"
          autoComplete="off"
          value={form.firstName}
          disabled={submitting}
          errorText={errorOf(formErrors.firstName)}
          onValueChange={(value) => send({ type: 'user.changeField', field: 'firstName', value })}
        />
        <TextField
          label={t`Last name (optional)`}
          name="member-last-name"
          autoComplete="off"
          value={form.lastName}
          disabled={submitting}
          errorText={errorOf(formErrors.lastName)}
          onValueChange={(value) => send({ type: 'user.changeField', field: 'lastName', value })}
        />
      </div>
      <p className={muted}>
        <Trans>
          A person who has no account yet gets a mail to confirm their address and choose a password. A person who has
          an account gets an invitation to accept.
        </Trans>
      </p>
      <div className={row}>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Trans>Adding member…</Trans> : <Trans>Add member</Trans>}
        </Button>
        <Button variant="outline" disabled={submitting} onClick={() => send({ type: 'user.dismiss' })}>
          <Trans>Discard</Trans>
        </Button>
      </div>
    </form>
  );
}

function Invitations({ snapshot, send, team }: PartProps & { team: Team }) {
  const { t, i18n } = useLingui();
  if (team.invitations.length === 0) return null;
  const canceling = snapshot.matches('cancelingInvitation');
  return (
    <section aria-labelledby="team-invitations-title" className={css({ display: 'grid', gap: '3' })}>
      <h3 id="team-invitations-title" className={subheading}>
        <Trans>Pending invitations</Trans>
      </h3>
      <ul className={css({ display: 'grid', gap: '2' })}>
        {team.invitations.map((invitation) => {
          const email = invitation.email;
          const roleName = i18n._(roleLabels[invitation.role]);
          const expiry = formatDate(invitation.expiresAt, i18n.locale);
          const busy = canceling && snapshot.context.subjectEmail === email;
          return (
            <li key={email} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
              <span className={css({ flex: '1', minWidth: '12rem' })}>
                <bdi dir="ltr" className={css({ fontWeight: 'medium' })}>
                  {email}
                </bdi>{' '}
                <span className={muted}>
                  <Trans>
                    {roleName} · expires on {expiry}
                  </Trans>
                </span>
              </span>
              <Button
                variant="outline"
                aria-label={t`Cancel invitation for ${email}`}
                disabled={!snapshot.hasTag('ready')}
                aria-busy={busy}
                onClick={() => send({ type: 'user.cancelInvitation', email })}
              >
                {busy ? <Trans>Canceling invitation…</Trans> : <Trans>Cancel invitation</Trans>}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The confirm dialog of a removal, open exactly while the machine confirms, so the server's refusal
 * and the busy state come from the snapshot. Built like the portal's cancel dialog rather than on
 * `confirm()` of lib/dialogs, which answers a promise outside the machine and could not show the
 * refusal beside the question.
 */
function RemovalDialog({ snapshot, send, team }: PartProps & { team: Team }) {
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
      {snapshot.matches('removeFailed') ? <FailureAlert snapshot={snapshot} /> : null}
    </ConfirmDialog>
  );
}

function roleChangeOf(snapshot: TeamMembershipSnapshot) {
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
    <section aria-labelledby="team-title" className={card}>
      <h2 id="team-title" className={cardTitle}>
        <Trans>Team</Trans>
      </h2>
      <TeamName snapshot={snapshot} send={send} team={team} />
      <Seats team={team} />
      <SecondFactorRule snapshot={snapshot} send={send} team={team} viewerIsOwner={viewerIsOwner} />
      <Confirmation snapshot={snapshot} />
      {showsFailure ? <FailureAlert snapshot={snapshot} /> : null}
      {adding ? (
        <AddMemberForm snapshot={snapshot} send={send} />
      ) : (
        <div className={row}>
          <Button disabled={!ready} onClick={() => send({ type: 'user.startAdding' })}>
            <Trans>Add a member</Trans>
          </Button>
        </div>
      )}
      <MembersTable
        members={visibleMembers(team.teamMembers, search, sort, i18n.locale)}
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
      <Invitations snapshot={snapshot} send={send} team={team} />
      <RemovalDialog snapshot={snapshot} send={send} team={team} />
    </section>
  );
}

export function TeamLoadFailedView({ onRetry }: { onRetry: () => void }) {
  return (
    <section aria-labelledby="team-title" className={card}>
      <h2 id="team-title" className={cardTitle}>
        <Trans>Team</Trans>
      </h2>
      <Alert>
        <span className={row}>
          <Trans>We could not load the team.</Trans>
          <Button variant="link" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </span>
      </Alert>
    </section>
  );
}

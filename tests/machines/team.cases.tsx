import type { SnapshotFrom } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { TeamMessage } from '../../contract/teams';
import {
  isPaidElsewhere,
  memberFormErrorsOf,
  type TeamContext,
  type teamMachine,
} from '../../machines/team/team.machine';
import { defaultMemberSort } from '../../src/features/team/members-table';
import { TeamView } from '../../src/features/team/team.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';
import { aTeam, aTeamMember } from '../support/team-fixtures';

const ada = aTeamMember();
export const adaChoice = { userid: ada.userid, email: ada.email };

/** Sample events for generating the team membership machine's paths. */
const teamCases = {
  // A valid and an invalid address, each only when it would change what is typed.
  'user.changeField': ({ context }: { context: TeamContext }) =>
    ['new@example.com', 'not-an-email']
      .filter((value) => value !== context.form.email)
      .map((value) => ({ type: 'user.changeField' as const, field: 'email' as const, value })),
  'user.chooseRole': ({ context }: { context: TeamContext }) =>
    context.form.role === 'user' ? [{ type: 'user.chooseRole' as const, role: 'admin' as const }] : [],
  'user.remove': [{ type: 'user.remove', member: adaChoice }],
  'user.changeRole': [{ type: 'user.changeRole', member: adaChoice, role: 'admin' }],
  'user.cancelInvitation': [{ type: 'user.cancelInvitation', email: 'grace@example.com' }],
  'user.startRenaming': [{ type: 'user.startRenaming', name: 'Northwind' }],
  'user.changeTeamName': ({ context }: { context: TeamContext }) =>
    ['Southwind', '']
      .filter((value) => value !== context.teamNameDraft)
      .map((value) => ({ type: 'user.changeTeamName' as const, value })),
  // The checkbox turns the rule around: on a team without it (the fixture's), except right after it was set.
  'user.setSecondFactorRule': (snapshot: SnapshotFrom<typeof teamMachine>) => [
    {
      type: 'user.setSecondFactorRule' as const,
      required: !(snapshot.matches('secondFactorRuleSet') && snapshot.context.secondFactorRequired),
    },
  ],
  'xstate.done.actor.addMember': [
    { type: 'xstate.done.actor.addMember', output: { success: true, outcome: 'invited' }, actorId: 'addMember' },
  ],
  'xstate.error.actor.addMember': [
    {
      type: 'xstate.error.actor.addMember',
      error: refused(ErrorCode.teamMemberConflict, TeamMessage.alreadyInAnotherTeam, { details: { isPaid: true } }),
      actorId: 'addMember',
    },
    {
      type: 'xstate.error.actor.addMember',
      error: refused(ErrorCode.teamRefused, TeamMessage.seatsFull),
      actorId: 'addMember',
    },
    { type: 'xstate.error.actor.addMember', error: new Error('network down'), actorId: 'addMember' },
  ],
  'xstate.done.actor.removeMember': [{ type: 'xstate.done.actor.removeMember', actorId: 'removeMember' }],
  'xstate.error.actor.removeMember': [
    { type: 'xstate.error.actor.removeMember', error: new Error('network down'), actorId: 'removeMember' },
  ],
  'xstate.done.actor.changeRole': [{ type: 'xstate.done.actor.changeRole', actorId: 'changeRole' }],
  'xstate.error.actor.changeRole': [
    {
      type: 'xstate.error.actor.changeRole',
      error: refused(ErrorCode.forbidden, TeamMessage.notAdmin),
      actorId: 'changeRole',
    },
  ],
  'xstate.done.actor.cancelInvitation': [{ type: 'xstate.done.actor.cancelInvitation', actorId: 'cancelInvitation' }],
  'xstate.error.actor.cancelInvitation': [
    {
      type: 'xstate.error.actor.cancelInvitation',
      error: refused(ErrorCode.notFound, TeamMessage.invitationNotFound),
      actorId: 'cancelInvitation',
    },
  ],
  'xstate.done.actor.renameTeam': [{ type: 'xstate.done.actor.renameTeam', actorId: 'renameTeam' }],
  'xstate.error.actor.renameTeam': [
    {
      type: 'xstate.error.actor.renameTeam',
      error: refused(ErrorCode.teamRefused, 'Renaming is paused for maintenance.'),
      actorId: 'renameTeam',
    },
  ],
  'xstate.done.actor.setSecondFactorRule': [
    { type: 'xstate.done.actor.setSecondFactorRule', actorId: 'setSecondFactorRule' },
  ],
  'xstate.error.actor.setSecondFactorRule': [
    {
      type: 'xstate.error.actor.setSecondFactorRule',
      error: refused(ErrorCode.forbidden, TeamMessage.onlyOwnerSetsRule),
      actorId: 'setSecondFactorRule',
    },
  ],
} as const;

export const input = { referenceId: 'teams-1', teamId: 7 };

const formStates = ['adding', 'submittingMember', 'addFailed'];
const nameStates = ['renaming', 'savingTeamName', 'renameFailed'];

/** What the team membership machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const teamModel: FlowModel<typeof teamMachine> = {
  input,
  cases: teamCases,
  // What the person can tell apart, and only where it shows, so the graph stays small: the form's
  // validity and errors while it is open, the name's while renaming, the kind of a refusal.
  serializeState: (snapshot) => {
    const { form, formErrors, teamNameDraft, teamNameError, failure } = snapshot.context;
    const state = String(snapshot.value);
    return JSON.stringify([
      snapshot.value,
      formStates.includes(state)
        ? [Object.keys(memberFormErrorsOf(form)).length === 0, Object.keys(formErrors).length > 0]
        : null,
      nameStates.includes(state) ? [teamNameDraft.trim() !== '', teamNameError !== null] : null,
      snapshot.hasTag('error') ? [failure?.message !== null, isPaidElsewhere(failure)] : null,
    ]);
  },
  render: (snapshot, send) => (
    <TeamView
      snapshot={snapshot}
      send={send}
      team={aTeam()}
      viewerIsOwner
      search=""
      onSearchChange={() => {}}
      sort={defaultMemberSort}
      onSortChange={() => {}}
      onDownloadCsv={() => {}}
    />
  ),
};

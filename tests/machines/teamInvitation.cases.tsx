import { ErrorCode } from '../../contract/errors';
import { TeamMessage } from '../../contract/teams';
import { isExplained } from '../../machines/support/refusal';
import type {
  TeamInvitationContext,
  teamInvitationMachine,
} from '../../machines/teamInvitation/teamInvitation.machine';
import { TeamInvitationView } from '../../src/features/team-invitation/team-invitation.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const joinedNorthwind = { success: true as const, teamId: 7, teamName: 'Northwind', referenceId: 'teams-1' };

/** Sample events for generating the invitation machine's paths. */
const teamInvitationCases = {
  // Trying again only helps when no answer came; the page offers it only then.
  'user.retry': ({ context }: { context: TeamInvitationContext }) =>
    context.failure === null || !isExplained(context.failure) ? [{ type: 'user.retry' as const }] : [],
  'xstate.done.actor.acceptInvitation': [
    { type: 'xstate.done.actor.acceptInvitation', output: joinedNorthwind, actorId: 'acceptInvitation' },
  ],
  'xstate.error.actor.acceptInvitation': [
    {
      type: 'xstate.error.actor.acceptInvitation',
      error: refused(ErrorCode.invitationRefused, TeamMessage.invitationForAnotherAddress),
      actorId: 'acceptInvitation',
    },
    { type: 'xstate.error.actor.acceptInvitation', error: new Error('network down'), actorId: 'acceptInvitation' },
  ],
} as const;

/** The code of the link in the invitation mail. */
export const input = { confirmationCode: 'code-from-the-mail' };

/** What the invitation machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const teamInvitationModel: FlowModel<typeof teamInvitationMachine> = {
  input,
  cases: teamInvitationCases,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, Boolean(snapshot.context.failure?.message)]),
  render: (snapshot, send) => (
    <TeamInvitationView
      snapshot={snapshot}
      send={send}
      signedInEmail="ada@example.com"
      renderDashboardLink={(children) => <a href="/account">{children}</a>}
    />
  ),
};

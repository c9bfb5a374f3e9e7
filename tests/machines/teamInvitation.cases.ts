import { ErrorCode } from '../../contract/errors';
import { TeamMessage } from '../../contract/teams';
import { isExplained } from '../../machines/refusal';
import type { TeamInvitationContext } from '../../machines/teamInvitation/teamInvitation.machine';
import { refused } from '../support/refusals';

export const joinedNorthwind = { success: true as const, teamId: 7, teamName: 'Northwind', referenceId: 'teams-1' };

/** Sample events for generating the invitation machine's paths. */
export const teamInvitationCases = {
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

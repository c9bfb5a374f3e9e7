import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { teamInvitationMachine } from '../../../machines/teamInvitation/teamInvitation.machine';
import { accountUserQuery } from '../../lib/queries/account-user';
import { textLink } from '../../theme/recipes/link';
import { acceptInvitation } from '../team/team.actors';
import { TeamInvitationView } from './team-invitation.view';

/** Accepts the invitation of the mail's link once, as the page opens. */
export function TeamInvitationScreen({ code, signedInEmail }: { code: string; signedInEmail: string }) {
  const queryClient = useQueryClient();
  const actor = useActorRef(teamInvitationMachine.provide({ actors: { acceptInvitation } }), {
    input: { confirmationCode: code },
  });
  const snapshot = useSelector(actor, (state) => state);
  const accepted = snapshot.matches('accepted');
  // The account now lists the team's subscription.
  useEffect(() => {
    if (accepted) void queryClient.invalidateQueries({ queryKey: accountUserQuery.queryKey });
  }, [accepted, queryClient]);
  return (
    <TeamInvitationView
      snapshot={snapshot}
      send={actor.send}
      signedInEmail={signedInEmail}
      renderDashboardLink={(children) => (
        <Link to="/account" className={textLink}>
          {children}
        </Link>
      )}
    />
  );
}

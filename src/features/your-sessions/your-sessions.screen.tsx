import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { yourSessionsMachine } from '../../../machines/yourSessions/yourSessions.machine';
import { yourSessionsActors } from './your-sessions.actors';
import { accountSessionsQuery } from './your-sessions.queries';
import { type SessionsRead, YourSessionsView } from './your-sessions.view';

/** The sessions section of the account page. */
export function YourSessionsScreen() {
  const queryClient = useQueryClient();
  const sessions = useQuery(accountSessionsQuery);
  const actor = useActorRef(
    yourSessionsMachine.provide({
      actors: yourSessionsActors,
      actions: {
        sessionsChanged: () => void queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
      },
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const read: SessionsRead = sessions.isPending
    ? { status: 'pending' }
    : sessions.isError
      ? { status: 'error', onRetry: () => void sessions.refetch() }
      : { status: 'success', sessions: sessions.data.sessions };
  // Measured when the list was read: "last active" is as of the answer, not a ticking clock.
  const now = new Date(sessions.dataUpdatedAt || Date.now());
  return <YourSessionsView snapshot={snapshot} send={actor.send} read={read} now={now} />;
}

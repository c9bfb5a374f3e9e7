import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ServerList } from '../../../contract/teams';
import { serverRequestMachine } from '../../../machines/serverRequest/serverRequest.machine';
import { serverRequestActors } from './servers.actors';
import { privateServersQuery, teamServersQuery } from './servers.queries';
import { DedicatedServerRequestView, PrivateServersView, type ServersViewProps, TeamServersView } from './servers.view';

function serversViewPropsOf(servers: UseQueryResult<ServerList>): ServersViewProps {
  if (servers.isPending) return { status: 'pending' };
  if (servers.isError) return { status: 'error', onRetry: () => void servers.refetch() };
  return { status: 'success', servers: servers.data.servers };
}

function TeamServers({ teamId }: { teamId: number }) {
  return <TeamServersView {...serversViewPropsOf(useQuery(teamServersQuery(teamId)))} />;
}

function PrivateServers() {
  return <PrivateServersView {...serversViewPropsOf(useQuery(privateServersQuery))} />;
}

/** Once the request is accepted, the private servers show the server. */
function DedicatedServerRequest({ referenceId }: { referenceId: string }) {
  const queryClient = useQueryClient();
  const actor = useActorRef(
    serverRequestMachine.provide({
      actors: serverRequestActors(referenceId, () => {
        void queryClient.invalidateQueries({ queryKey: privateServersQuery.queryKey });
      }),
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  return <DedicatedServerRequestView snapshot={snapshot} send={actor.send} />;
}

type ServersScreenProps =
  | { of: 'team'; teamId: number }
  /** The person's own servers outside any team, on the account page. */
  | { of: 'private' }
  /** A dedicated server subscription, by its reference. */
  | { of: 'dedicatedServer'; referenceId: string };

/**
 * The servers a subscription's portal shows: a teams subscription's team's servers; for a dedicated
 * server subscription, its owner's private servers (where its server shows) and the request for it.
 */
export function ServersScreen(props: ServersScreenProps) {
  if (props.of === 'team') return <TeamServers teamId={props.teamId} />;
  if (props.of === 'private') return <PrivateServers />;
  return (
    <>
      <PrivateServers />
      <DedicatedServerRequest referenceId={props.referenceId} />
    </>
  );
}

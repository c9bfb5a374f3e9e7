import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { serverRequestMachine } from '../../../machines/serverRequest/serverRequest.machine';
import { serverRequestActors } from './servers.actors';
import { teamServersQuery } from './servers.queries';
import { DedicatedServerRequestView, TeamServersView } from './servers.view';

/** The servers of a teams subscription's team. */
export function TeamServersSection({ teamId }: { teamId: number }) {
  const servers = useQuery(teamServersQuery(teamId));
  if (servers.isPending) return <TeamServersView status="pending" />;
  if (servers.isError) return <TeamServersView status="error" onRetry={() => void servers.refetch()} />;
  return <TeamServersView status="success" servers={servers.data.servers} />;
}

/** The request for the server of a dedicated_server subscription. */
export function DedicatedServerRequest({ referenceId }: { referenceId: string }) {
  const actor = useActorRef(serverRequestMachine.provide({ actors: serverRequestActors(referenceId) }));
  const snapshot = useSelector(actor, (state) => state);
  return <DedicatedServerRequestView snapshot={snapshot} send={actor.send} />;
}

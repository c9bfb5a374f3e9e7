import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '../../../contract/account';
import { teamQuery } from '../../lib/queries/team';
import { ApiKeysScreen } from '../api-keys/api-keys.screen';
import { ApiKeysLoadFailedView } from '../api-keys/api-keys.view';
import { ServersScreen } from '../servers/servers.screen';
import { TeamRoutersScreen } from '../team-routers/team-routers.screen';

/** The team's API keys and, for a teams plan, its servers and routers: from the team read (the members section's query). */
function TeamKeysAndServers({ referenceId, withServers }: { referenceId: string; withServers: boolean }) {
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery(referenceId));
  if (team.isPending) return null;
  if (team.isError) return <ApiKeysLoadFailedView onRetry={() => void team.refetch()} />;
  return (
    <>
      <ApiKeysScreen
        referenceId={referenceId}
        apiKeys={team.data.apiKeys}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: teamQuery(referenceId).queryKey })}
      />
      {withServers ? (
        <>
          <ServersScreen of="team" teamId={team.data.teamId} />
          <TeamRoutersScreen
            referenceId={referenceId}
            teamId={team.data.teamId}
            associatedRouterSubContexts={team.data.associatedRouterSubContexts}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * The API keys of a teams or families subscription (for everyone who reaches the portal: the owner
 * and the team's admins), the servers of a teams subscription's team, and for a dedicated server
 * subscription its owner's private servers (where its server shows) and the server request. Loaded on
 * demand by the portal's screen.
 */
export function KeysAndServersScreen({ subscription }: { subscription: Subscription }) {
  const { referenceId, type } = subscription;
  if (type === 'teams' || type === 'families')
    return <TeamKeysAndServers referenceId={referenceId} withServers={type === 'teams'} />;
  if (type === 'dedicated_server') return <ServersScreen of="dedicatedServer" referenceId={referenceId} />;
  return null;
}

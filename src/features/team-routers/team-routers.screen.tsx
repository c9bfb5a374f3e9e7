import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { Subscription } from '../../../contract/account';
import { isRouterProduct, type Router } from '../../../contract/routers';
import type { Team } from '../../../contract/teams';
import { teamRouterMachine } from '../../../machines/teamRouter/teamRouter.machine';
import { accountUserQuery } from '../../lib/queries/account-user';
import { routersQuery } from '../../lib/queries/routers';
import { teamQuery } from '../../lib/queries/team';
import { teamRouterActors } from './team-routers.actors';
import { type RouterPlanOption, TeamRoutersView } from './team-routers.view';

/** The person's router subscriptions that can be lent: not expired. */
function lendableRouterPlans(subscriptions: Subscription[], routers: Router[]): RouterPlanOption[] {
  return subscriptions
    .filter((subscription) => isRouterProduct(subscription.productName) && subscription.state !== 'expired')
    .map((subscription) => ({
      referenceId: subscription.referenceId,
      label: labelOf(subscription.title, subscription.referenceId, routers),
    }));
}

function labelOf(planName: string, referenceId: string, routers: Router[]): string {
  const router = routers.find((candidate) => candidate.subscription?.referenceId === referenceId);
  return router ? `${planName} (${router.name})` : planName;
}

/** Names for every router subscription the routers list knows, the person's own plans' titles first. */
function routerPlanLabels(lendable: RouterPlanOption[], routers: Router[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const router of routers)
    if (router.subscription)
      labels[router.subscription.referenceId] = `${router.subscription.productName} (${router.name})`;
  for (const option of lendable) labels[option.referenceId] = option.label;
  return labels;
}

export type TeamRoutersScreenProps = {
  /** The teams plan's referenceId: its team read is invalidated after a change. */
  referenceId: string;
  teamId: number;
  /** From the team read; a new read gives a new list. */
  associatedRouterSubContexts: Team['associatedRouterSubContexts'];
};

/** The team routers of a teams plan, for its owner and admins. */
export function TeamRoutersScreen({ referenceId, teamId, associatedRouterSubContexts }: TeamRoutersScreenProps) {
  const associated = useMemo(
    () => associatedRouterSubContexts.map((entry) => entry.routerReferenceId),
    [associatedRouterSubContexts],
  );
  const queryClient = useQueryClient();
  const account = useQuery(accountUserQuery);
  const routers = useQuery(routersQuery);
  const actor = useActorRef(
    teamRouterMachine.provide({
      actors: teamRouterActors,
      actions: {
        teamRoutersChanged: () => {
          void queryClient.invalidateQueries({ queryKey: teamQuery(referenceId).queryKey });
          void queryClient.invalidateQueries({ queryKey: routersQuery.queryKey });
        },
      },
    }),
    { input: { teamId, associated } },
  );
  const snapshot = useSelector(actor, (state) => state);
  useEffect(() => {
    actor.send({ type: 'team.refreshed', associated });
  }, [actor, associated]);
  const knownRouters = routers.data?.routers ?? [];
  const lendable = lendableRouterPlans(account.data?.subscriptions ?? [], knownRouters);
  return (
    <TeamRoutersView
      snapshot={snapshot}
      send={actor.send}
      lendable={lendable}
      labels={routerPlanLabels(lendable, knownRouters)}
    />
  );
}

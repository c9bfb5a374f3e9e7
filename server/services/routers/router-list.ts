import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { RouterList } from '../../../contract/routers';
import { routers, subscriptions, teamMembers, teamRouters, teams } from '../../db/schema';
import type { Caller } from '../caller';
import type { RouterDeps } from './router-deps';

/**
 * GET /api/account/routers: the person's own routers, then the routers served by router
 * subscriptions associated with a team the person belongs to (any role), each once.
 */
export async function listRouters({ db }: RouterDeps, caller: Caller): Promise<RouterList> {
  const myTeams = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, caller.userId));
  const rows = await db
    .select({ router: routers, subscription: subscriptions, team: { teamId: teams.id, name: teams.name } })
    .from(routers)
    .leftJoin(subscriptions, eq(subscriptions.id, routers.subscriptionId))
    .leftJoin(teamRouters, eq(teamRouters.subscriptionId, routers.subscriptionId))
    .leftJoin(teams, eq(teams.id, teamRouters.teamId))
    .where(or(eq(routers.ownerId, caller.userId), inArray(teamRouters.teamId, myTeams)))
    .orderBy(desc(sql`${routers.ownerId} = ${caller.userId}`), asc(routers.name), asc(routers.id));
  return {
    routers: rows.map(({ router, subscription, team }) => ({
      routerId: router.id,
      name: router.name,
      vendor: router.vendor,
      role: 'client' as const,
      lastActiveTime: router.lastActiveAt.toISOString(),
      state: router.state,
      subscription: subscription && {
        referenceId: subscription.referenceId,
        productName: subscription.productName,
        planCode: subscription.planCode,
        state: subscription.state,
      },
      team,
      isOwner: router.ownerId === caller.userId,
    })),
  };
}

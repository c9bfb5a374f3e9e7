import { and, eq, isNull, ne } from 'drizzle-orm';
import { SubscriptionMessage } from '../../../contract/subscriptions';
import { TeamMessage, type TeamServer } from '../../../contract/teams';
import type { Database } from '../../db/database';
import { serverRequests, servers, subscriptions, teamMembers } from '../../db/schema';
import { lockSubscription, refusals } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { commonRefusals } from '../refusal';
import { recordTeamEvent } from './audit';
import { teamFailures } from './team-access';

/**
 * Servers: a team's (team_id set) and a person's private ones (team_id null, teamId -1 in the
 * contract), and the request for a dedicated server (decision 0005).
 */

const requestedServerName = 'Dedicated server';

type ServerRow = typeof servers.$inferSelect;

function teamServerOf(row: ServerRow): TeamServer {
  return {
    serverId: row.id,
    name: row.name,
    location: row.location,
    address: row.address,
    state: row.state,
    teamId: row.teamId ?? -1,
  };
}

export function createServers(db: Database, now: () => Date) {
  async function serversOfTeam(teamId: number): Promise<TeamServer[]> {
    const rows = await db.select().from(servers).where(eq(servers.teamId, teamId)).orderBy(servers.name, servers.id);
    return rows.map(teamServerOf);
  }

  return {
    serversOfTeam,

    /**
     * A team's servers, for its members and the owner of its subscription; 404 for anyone else, and
     * for a team id as the path gave it that is no team's (not a number of at most nine digits).
     */
    async teamServers(caller: Caller, teamIdInPath: string): Promise<TeamServer[]> {
      if (!/^\d{1,9}$/.test(teamIdInPath)) throw commonRefusals.notFound();
      const teamId = Number(teamIdInPath);
      const [member] = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, caller.userId)));
      if (!member) {
        const [owned] = await db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.ownerId, caller.userId)));
        if (!owned) throw commonRefusals.notFound();
      }
      return serversOfTeam(teamId);
    },

    /** The person's own servers outside any team. */
    async privateServers(caller: Caller): Promise<TeamServer[]> {
      const rows = await db
        .select()
        .from(servers)
        .where(and(eq(servers.ownerId, caller.userId), isNull(servers.teamId)))
        .orderBy(servers.name, servers.id);
      return rows.map(teamServerOf);
    },

    /**
     * Records a request for the dedicated server of a dedicated_server subscription, with the daily
     * window in which it may be set up and maintained. The plan holds one server: the first request
     * creates it in state 'requested'; a later one, while it is not stopped, only records the new window.
     */
    requestServer: (caller: Caller, referenceId: string, timeInterval: string) =>
      db.transaction(async (tx) => {
        const { subscription, isAdminOrOwner } = await lockSubscription(tx, caller, referenceId);
        if (!isAdminOrOwner) throw teamFailures.notAdmin();
        if (subscription.type !== 'dedicated_server') throw refusals.refused(TeamMessage.notDedicatedServerPlan);
        if (subscription.state === 'expired') throw refusals.refused(SubscriptionMessage.expired);
        const at = now();
        await tx
          .insert(serverRequests)
          .values({ subscriptionId: subscription.id, requestedBy: caller.userId, timeInterval, createdAt: at });
        const [existing] = await tx
          .select({ id: servers.id })
          .from(servers)
          .where(and(eq(servers.subscriptionId, subscription.id), ne(servers.state, 'stopped')))
          .limit(1);
        if (!existing) {
          await tx.insert(servers).values({
            ownerId: subscription.ownerId,
            teamId: subscription.teamId,
            name: requestedServerName,
            location: '',
            state: 'requested',
            subscriptionId: subscription.id,
            createdAt: at,
          });
        }
        if (subscription.teamId !== null) {
          await recordTeamEvent(tx, {
            teamId: subscription.teamId,
            actor: caller,
            kind: 'serverRequested',
            subject: requestedServerName,
            details: { timeInterval },
            at,
          });
        }
      }),
  };
}

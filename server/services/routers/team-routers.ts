import { and, asc, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import {
  isRouterProduct,
  RouterMessage,
  type TeamRouterRequest,
  type TeamRouterResponse,
} from '../../../contract/routers';
import { subscriptions, teamRouters } from '../../db/schema';
import type { Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { Refusal } from '../refusal';
import { lockManagedTeamById } from '../teams/team-access';
import type { RouterDeps } from './router-deps';

/**
 * Team routers: a router subscription lent to a team, by the team's owner or an admin. Each change
 * takes the team subscription's lock (lockManagedTeamById: 404 for a stranger, 403 for a team user)
 * and then the router subscription's, always in that order.
 */

const refusals = {
  notFound: () => new Refusal(ErrorCode.notFound, RouterMessage.routerSubscriptionNotFound),
  notARouter: () => new Refusal(ErrorCode.teamRefused, RouterMessage.notARouterSubscription),
  expired: () => new Refusal(ErrorCode.teamRefused, RouterMessage.routerSubscriptionExpired),
  inAnotherTeam: () => new Refusal(ErrorCode.teamConflict, RouterMessage.alreadyInAnotherTeam),
  notAssociated: () => new Refusal(ErrorCode.notFound, RouterMessage.notAssociated),
};

/** The team's router subscriptions, oldest association first (the team read lists them too). */
export async function associatedRouterSubContexts(tx: Transaction, teamId: number) {
  return tx
    .select({ routerReferenceId: subscriptions.referenceId })
    .from(teamRouters)
    .innerJoin(subscriptions, eq(subscriptions.id, teamRouters.subscriptionId))
    .where(eq(teamRouters.teamId, teamId))
    .orderBy(asc(teamRouters.createdAt), asc(subscriptions.referenceId));
}

/**
 * A router subscription may be lent by the acting person or by the team's owner (so an admin can
 * lend the owner's routers); anyone else's is answered as unknown, so nothing about it leaks.
 */
export async function associateTeamRouter(
  { db, now }: RouterDeps,
  caller: Caller,
  { teamId, routerReferenceId }: TeamRouterRequest,
): Promise<TeamRouterResponse> {
  return db.transaction(async (tx) => {
    const team = await lockManagedTeamById(tx, caller, teamId);
    const [router] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.referenceId, routerReferenceId))
      .for('update')
      .limit(1);
    const lender = router && (router.ownerId === caller.userId || router.ownerId === team.subscription.ownerId);
    if (!router || !lender) throw refusals.notFound();
    if (!isRouterProduct(router.productName)) throw refusals.notARouter();
    if (router.state === 'expired') throw refusals.expired();
    const [existing] = await tx.select().from(teamRouters).where(eq(teamRouters.subscriptionId, router.id));
    if (existing && existing.teamId !== team.teamId) throw refusals.inAnotherTeam();
    if (!existing) {
      await tx
        .insert(teamRouters)
        .values({ subscriptionId: router.id, teamId: team.teamId, associatedBy: caller.userId, createdAt: now() });
    }
    return { teamId: team.teamId, associatedRouterSubContexts: await associatedRouterSubContexts(tx, team.teamId) };
  });
}

/** Any owner or admin of the team may take a router subscription off it, whoever lent it. */
export async function dissociateTeamRouter(
  { db }: RouterDeps,
  caller: Caller,
  { teamId, routerReferenceId }: TeamRouterRequest,
): Promise<TeamRouterResponse> {
  return db.transaction(async (tx) => {
    const team = await lockManagedTeamById(tx, caller, teamId);
    const [association] = await tx
      .select({ subscriptionId: teamRouters.subscriptionId })
      .from(teamRouters)
      .innerJoin(subscriptions, eq(subscriptions.id, teamRouters.subscriptionId))
      .where(and(eq(teamRouters.teamId, team.teamId), eq(subscriptions.referenceId, routerReferenceId)));
    if (!association) throw refusals.notAssociated();
    await tx.delete(teamRouters).where(eq(teamRouters.subscriptionId, association.subscriptionId));
    return { teamId: team.teamId, associatedRouterSubContexts: await associatedRouterSubContexts(tx, team.teamId) };
  });
}

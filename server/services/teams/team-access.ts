import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import { TeamMessage } from '../../../contract/teams';
import type { Database } from '../../db/database';
import { authenticatorApps, subscriptions, teamMembers, teams } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { type LockedSubscription, lockSubscription, type Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { commonRefusals, Refusal } from '../refusal';

/**
 * Who may change a team, and the lock every change of a team takes first: the row of the team's
 * subscription (`for update`), so seat counts and membership checks hold under concurrency.
 */

export type TeamDeps = { db: Database; env: Env; logger: Logger; now: () => Date };

export type ManagedTeam = LockedSubscription & { teamId: number };

export const teamFailures = {
  notAdmin: () => new Refusal(ErrorCode.forbidden, TeamMessage.notAdmin),
  refused: (message: string) => new Refusal(ErrorCode.teamRefused, message),
  conflict: (message: string) => new Refusal(ErrorCode.teamConflict, message),
  notFound: (message: string) => new Refusal(ErrorCode.notFound, message),
  invitation: (kind: 'invalid' | 'forbidden' | 'conflict', message: string) =>
    new Refusal(ErrorCode.invitationRefused, message, { kind }),
  /** docs/spec.md §8's 409, exactly worded, with whether the person pays for a subscription of their own. */
  memberConflict: (isPaid: boolean) =>
    new Refusal(ErrorCode.teamMemberConflict, TeamMessage.alreadyInAnotherTeam, { details: { isPaid } }),
};

/**
 * The team of a teams or families subscription, locked, for its owner or one of its admins: a
 * stranger gets 404 (from lockSubscription), a team user 403, another kind of subscription 400.
 */
export async function lockManagedTeam(tx: Transaction, caller: Caller, referenceId: string): Promise<ManagedTeam> {
  const locked = await lockSubscription(tx, caller, referenceId);
  const { subscription } = locked;
  const teamPlan = subscription.type === 'teams' || subscription.type === 'families';
  if (!teamPlan || subscription.teamId === null) throw teamFailures.refused(TeamMessage.notATeamPlan);
  if (!locked.isAdminOrOwner) throw teamFailures.notAdmin();
  return { ...locked, teamId: subscription.teamId };
}

/** The same, for the calls that name the team rather than its subscription. */
export async function lockManagedTeamById(tx: Transaction, caller: Caller, teamId: number): Promise<ManagedTeam> {
  const referenceId = await subscriptionOfTeam(tx, teamId);
  if (referenceId === null) throw commonRefusals.notFound();
  return lockManagedTeam(tx, caller, referenceId);
}

/** The reference id of the subscription a team belongs to (the oldest, should there be several). */
export async function subscriptionOfTeam(tx: Transaction, teamId: number): Promise<string | null> {
  const [row] = await tx
    .select({ referenceId: subscriptions.referenceId })
    .from(subscriptions)
    .where(eq(subscriptions.teamId, teamId))
    .orderBy(asc(subscriptions.createdAt))
    .limit(1);
  return row?.referenceId ?? null;
}

/**
 * docs/spec.md §8's rule for joining a team: nobody who belongs to another team or pays for a
 * subscription of their own (one that has not expired). Null when the person may join.
 */
export async function joiningConflict(
  tx: Transaction,
  userId: string,
  teamId: number,
): Promise<{ isPaid: boolean } | null> {
  const [row] = await tx
    .select({
      inAnotherTeam: sql<boolean>`exists (${tx
        .select({ one: sql`1` })
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, userId), ne(teamMembers.teamId, teamId)))})`,
      isPaid: sql<boolean>`exists (${tx
        .select({ one: sql`1` })
        .from(subscriptions)
        .where(and(eq(subscriptions.ownerId, userId), ne(subscriptions.state, 'expired')))})`,
    })
    .from(sql`(select 1) as one`);
  if (!row || (!row.inAnotherTeam && !row.isPaid)) return null;
  return { isPaid: row.isPaid };
}

/**
 * The team of this person whose owner requires two-step sign-in while they have no authenticator
 * app on: its name, or null. Such a person reaches none of the team's calls until they set one up.
 */
export async function teamRequiringSecondFactorOf(db: Database, userId: string): Promise<string | null> {
  const [team] = await db
    .select({ name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.userId, userId),
        eq(teams.requireSecondFactor, true),
        sql`not exists (select 1 from ${authenticatorApps} where ${authenticatorApps.userId} = ${userId} and ${authenticatorApps.enabledAt} is not null)`,
      ),
    )
    .limit(1);
  return team?.name ?? null;
}

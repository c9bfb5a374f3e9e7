import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Team } from '../../../contract/teams';
import { apiKeys, authenticatorApps, teamInvitations, teamMembers, teams, users } from '../../db/schema';
import { seatsInUse } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { associatedRouterSubContexts } from '../routers/team-routers';
import { usageBytesOver, usagePeriodJson, usagePeriodOf } from '../stats/usage-period';
import { choosePasswordLifetimeSeconds, livePendingInvitations } from './members';
import { lockManagedTeam, type TeamDeps } from './team-access';

const bytesPerGB = 1024 ** 3;

/** Whether the member in the query's `users` row signs in with two steps (an authenticator app on). */
export const memberHasSecondFactor = sql<boolean>`exists (select 1 from ${authenticatorApps} where ${authenticatorApps.userId} = ${users.id} and ${authenticatorApps.enabledAt} is not null)`;

/**
 * GET /api/subscription/{id}/team, for the owner and the team's admins. Read under the
 * subscription's lock, like every change of the team, so members, invitations and seats agree.
 */
export async function readTeam(deps: TeamDeps, caller: Caller, referenceId: string): Promise<Team> {
  return deps.db.transaction(async (tx) => {
    const { subscription, plan, teamId } = await lockManagedTeam(tx, caller, referenceId);
    const at = deps.now();
    const usagePeriod = usagePeriodOf(subscription, at);
    const [team] = await tx
      .select({ name: teams.name, requireSecondFactor: teams.requireSecondFactor })
      .from(teams)
      .where(eq(teams.id, teamId));
    const rows = await tx
      .select({
        member: teamMembers,
        email: users.email,
        proved: sql<boolean>`${users.emailVerifiedAt} is not null`,
        secondFactor: memberHasSecondFactor,
        usageBytes: usageBytesOver(teamMembers.userId, usagePeriod, at),
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      // The owner first, then in the order they joined.
      .orderBy(
        desc(sql`${teamMembers.userId} = ${subscription.ownerId}`),
        asc(teamMembers.createdAt),
        asc(users.email),
      );
    // A member added with a new address is listed as invited until its owner proves the address
    // (issue 21): a new address and an existing account's invitation look alike to the admin.
    const members = rows.filter((row) => row.proved);
    const waitingAccounts = rows
      .filter((row) => !row.proved)
      .map(({ member, email }) => ({
        email,
        role: member.role,
        createdAt: member.createdAt,
        expiresAt: new Date(member.createdAt.getTime() + choosePasswordLifetimeSeconds * 1000),
      }));
    const invitations = [
      ...(await tx
        .select()
        .from(teamInvitations)
        .where(livePendingInvitations(teamId, at))
        .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.email))),
      ...waitingAccounts,
    ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.email.localeCompare(b.email));
    const keys = await tx
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.teamId, teamId))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    return {
      teamId,
      name: team?.name ?? '',
      referenceId: subscription.referenceId,
      requireSecondFactor: team?.requireSecondFactor ?? false,
      usagePeriod: usagePeriodJson(usagePeriod),
      teamMembers: members.map(({ member, email, secondFactor, usageBytes }) => ({
        userid: member.userId,
        email,
        firstName: member.firstName,
        lastName: member.lastName,
        role: member.role,
        isOwner: member.userId === subscription.ownerId,
        teamId,
        dateGenerated: member.createdAt.toISOString(),
        usageBytesThisPeriod: usageBytes,
        usedGB: usageBytes / bytesPerGB,
        secondFactor,
      })),
      pendingTeamInvitations: invitations.map((invitation) => invitation.email),
      invitations: invitations.map((invitation) => ({
        email: invitation.email,
        role: invitation.role,
        invitedAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
      })),
      apiKeys: keys.map((key) => ({
        keyId: key.id,
        prefix: key.prefix,
        description: key.description,
        dateGenerated: key.createdAt.toISOString(),
        expirationDate: key.expiresAt.toISOString(),
        invalidated: key.invalidatedAt !== null,
        allowedIPs: key.allowedIps,
        role: 'user' as const,
        userid: key.createdBy,
        teamId,
      })),
      associatedRouterSubContexts: await associatedRouterSubContexts(tx, teamId),
      seatsInUse: await seatsInUse(tx, subscription, at),
      seats: subscription.quantity,
      maxMembers: subscription.type === 'families' ? (plan?.maxTeamMembers ?? null) : null,
    };
  });
}

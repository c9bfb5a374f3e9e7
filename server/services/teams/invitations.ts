import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { type AcceptInvitationResponse, TeamMessage } from '../../../contract/teams';
import { subscriptions, teamInvitations, teamMembers, teams, users } from '../../db/schema';
import type { Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { recordTeamEvent } from './audit';
import { livePendingInvitations, sha256Hex } from './members';
import { joiningConflict, lockManagedTeam, subscriptionOfTeam, type TeamDeps, teamFailures } from './team-access';

type InvitationRow = typeof teamInvitations.$inferSelect;

/** The invitation if its code can be used now by `caller`; else the refusal, the code's state before whose it is. */
function usable(invitation: InvitationRow | undefined, caller: Caller, at: Date): InvitationRow {
  if (!invitation) throw teamFailures.invitation('invalid', TeamMessage.invitationInvalid);
  if (invitation.canceledAt) throw teamFailures.invitation('invalid', TeamMessage.invitationCanceled);
  if (invitation.acceptedAt) throw teamFailures.invitation('conflict', TeamMessage.invitationUsed);
  if (invitation.expiresAt <= at) throw teamFailures.invitation('invalid', TeamMessage.invitationExpired);
  if (invitation.email !== caller.email.toLowerCase()) {
    throw teamFailures.invitation('forbidden', TeamMessage.invitationForAnotherAddress);
  }
  return invitation;
}

async function invitationByCode(tx: Transaction, code: string, lock: boolean) {
  const query = tx
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.codeHash, sha256Hex(code)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * POST /api/teams/invitation: the signed-in person joins the team of the code mailed to their
 * address. The code is checked once to refuse early, then again under the subscription's row lock
 * (taken first, as every team change does): of two accepts at once, the second finds it used.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  caller: Caller,
  code: string,
): Promise<AcceptInvitationResponse> {
  return deps.db.transaction(async (tx) => {
    const at = deps.now();
    const seen = usable(await invitationByCode(tx, code, false), caller, at);
    const referenceId = await subscriptionOfTeam(tx, seen.teamId);
    if (referenceId === null) throw teamFailures.invitation('invalid', TeamMessage.invitationInvalid);
    // The invitee cannot see the subscription yet, so lockSubscription's visibility rule does not apply.
    await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.referenceId, referenceId))
      .for('update');
    const invitation = usable(await invitationByCode(tx, code, true), caller, at);

    const [membership] = await tx
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, invitation.teamId), eq(teamMembers.userId, caller.userId)));
    if (membership) throw teamFailures.conflict(TeamMessage.alreadyMember);
    const conflict = await joiningConflict(tx, caller.userId, invitation.teamId);
    if (conflict) throw teamFailures.memberConflict(conflict.isPaid);

    await tx.insert(teamMembers).values({
      teamId: invitation.teamId,
      userId: caller.userId,
      role: invitation.role,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      createdAt: at,
    });
    await tx.update(teamInvitations).set({ acceptedAt: at }).where(eq(teamInvitations.id, invitation.id));
    await recordTeamEvent(tx, {
      teamId: invitation.teamId,
      actor: caller,
      kind: 'invitationAccepted',
      subject: invitation.email,
      details: { role: invitation.role },
      at,
    });
    const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, invitation.teamId));
    return { success: true, teamId: invitation.teamId, teamName: team?.name ?? '', referenceId };
  });
}

/** DELETE /api/subscription/{id}/team/invitation/{email}. */
/**
 * A member added with a new address whose owner has not proved it yet is listed as invited, and so
 * canceled like an invitation: the membership goes, and the account made for it too when nothing
 * else holds it (its "choose your password" link then leads nowhere).
 */
async function cancelWaitingAccount(tx: Transaction, teamId: number, email: string) {
  const [waiting] = await tx
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email), isNull(users.emailVerifiedAt)));
  if (!waiting) return undefined;
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, waiting.userId)));
  await tx
    .delete(users)
    .where(
      and(
        eq(users.id, waiting.userId),
        isNull(users.emailVerifiedAt),
        isNull(users.passwordHash),
        notExists(tx.select({ one: sql`1` }).from(teamMembers).where(eq(teamMembers.userId, waiting.userId))),
        notExists(tx.select({ one: sql`1` }).from(subscriptions).where(eq(subscriptions.ownerId, waiting.userId))),
      ),
    );
  return { role: waiting.role };
}

export async function cancelInvitation(deps: TeamDeps, caller: Caller, referenceId: string, email: string) {
  await deps.db.transaction(async (tx) => {
    const team = await lockManagedTeam(tx, caller, referenceId);
    const at = deps.now();
    const address = email.trim().toLowerCase();
    const canceled = await tx
      .update(teamInvitations)
      .set({ canceledAt: at })
      .where(and(livePendingInvitations(team.teamId, at), eq(teamInvitations.email, address)))
      .returning({ role: teamInvitations.role });
    const [invitation = await cancelWaitingAccount(tx, team.teamId, address)] = canceled;
    if (!invitation) throw teamFailures.notFound(TeamMessage.invitationNotFound);
    await recordTeamEvent(tx, {
      teamId: team.teamId,
      actor: caller,
      kind: 'invitationCanceled',
      subject: address,
      details: { role: invitation.role },
      at,
    });
  });
}

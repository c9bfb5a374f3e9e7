import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import type { Locale } from '../../../contract/locales';
import {
  type AddTeamMemberRequest,
  type AddTeamMemberResponse,
  invitationLifetimeSeconds,
  TeamMessage,
  type TeamRole,
} from '../../../contract/teams';
import { authenticatorApps, passwordResetTokens, teamInvitations, teamMembers, teams, users } from '../../db/schema';
import { storedLocale } from '../../mail/i18n';
import { teamAccountMail, teamInvitationMail } from '../../mail/templates';
import { findUserByEmail } from '../accounts';
import { seatsInUse, type Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { createOutbox } from '../outbox';
import { Refusal } from '../refusal';
import { recordTeamEvent } from './audit';
import {
  joiningConflict,
  lockManagedTeam,
  lockManagedTeamById,
  type ManagedTeam,
  type TeamDeps,
  teamFailures,
} from './team-access';
import { teamAddLimiter } from './team-limits';

/** The "choose your password" link of an account created by a team's admin lasts as long as an invitation. */
export const choosePasswordLifetimeSeconds = invitationLifetimeSeconds;

export const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** 256 bits from a CSPRNG, base64url: 43 characters. */
const newSecret = () => randomBytes(32).toString('base64url');

export type AddMemberInput = {
  /** Its `password`, if any, is not used: the new address's owner chooses one through the mailed link. */
  request: AddTeamMemberRequest;
  /** The inviter's language, for a recipient whose own is unknown. */
  requestLocale: Locale;
};

async function teamNameOf(tx: Transaction, teamId: number): Promise<string> {
  const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return team?.name ?? '';
}

/** Refuses an add that would take more seats than the subscription has (families: more people than the plan holds). */
async function ensureRoomForOneMore(tx: Transaction, team: ManagedTeam, at: Date) {
  const inUse = await seatsInUse(tx, team.subscription, at);
  if (team.subscription.type === 'families') {
    // A families plan is one seat bought for a household: the plan's number of people is the limit.
    const maxMembers = team.plan?.maxTeamMembers ?? team.subscription.quantity;
    if (inUse + 1 > maxMembers) throw teamFailures.refused(TeamMessage.familyFull);
    return;
  }
  if (inUse + 1 > team.subscription.quantity) throw teamFailures.refused(TeamMessage.seatsFull);
}

/**
 * POST /api/subscription/{id}/team/member. Under the subscription's row lock: an address without an
 * account gets one, which joins at once and waits for its owner to prove the address and choose a
 * password; an address with one gets an invitation mail. Both answer alike and are listed as invited. Concurrent adds
 * wait for each other's lock, so the seat check always counts what the others added. Adds are
 * limited per team and per address (teamAddLimits), taken once the caller is known to be an admin.
 */
export async function addMember(
  deps: TeamDeps,
  caller: Caller,
  referenceId: string,
  { request, requestLocale }: AddMemberInput,
): Promise<AddTeamMemberResponse> {
  return deps.db.transaction(async (tx) => {
    const team = await lockManagedTeam(tx, caller, referenceId);
    const at = deps.now();
    const { email, role } = request;
    // Two teams adding one new address at once: the second waits here, then finds the account the
    // first created and answers as for any existing account (never a duplicate e-mail's error).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team-member:${email}`}))`);
    await teamAddLimiter(tx, deps.now, team.teamId, email).take();
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      const [membership] = await tx
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, existing.id)));
      // A member whose address is not proved yet is listed as invited (readTeam), and said so here.
      if (membership)
        throw teamFailures.conflict(
          existing.emailVerifiedAt === null ? TeamMessage.alreadyInvited : TeamMessage.alreadyMember,
        );
    }
    const [pending] = await tx
      .select({ id: teamInvitations.id, expiresAt: teamInvitations.expiresAt })
      .from(teamInvitations)
      .where(pendingInvitationOf(team.teamId, email));
    if (pending && pending.expiresAt > at) throw teamFailures.conflict(TeamMessage.alreadyInvited);
    if (existing) {
      // Thrown, so the add's tries are rolled back with the rest: a refused add spends none.
      const conflict = await joiningConflict(tx, existing.id, team.teamId);
      if (conflict) throw teamFailures.memberConflict(conflict.isPaid);
    }
    // An invitation that expired unanswered still holds the one pending place of its address: void it.
    if (pending) await tx.update(teamInvitations).set({ canceledAt: at }).where(eq(teamInvitations.id, pending.id));
    await ensureRoomForOneMore(tx, team, at);

    const teamName = await teamNameOf(tx, team.teamId);
    const outbox = createOutbox(tx, deps.logger, deps.now);
    const names = { firstName: request.firstName || null, lastName: request.lastName || null };
    if (!existing) {
      // An account nobody can sign in to until the address's owner opens the mailed link and
      // chooses a password (which also proves the address); the seat is held meanwhile.
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash: null, createdAt: at })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(teamMembers).values({ teamId: team.teamId, userId: user.id, role, ...names, createdAt: at });
      // The password reset machinery, with a longer link: the page and the single-use rule are the same.
      const token = newSecret();
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(at.getTime() + choosePasswordLifetimeSeconds * 1000),
        createdAt: at,
      });
      await outbox.enqueue(
        teamAccountMail(deps.env, requestLocale, email, teamName, token, choosePasswordLifetimeSeconds),
      );
      // Recorded, like the answer, as an invitation: the log tells the admins no more than the add.
      await recordTeamEvent(tx, {
        teamId: team.teamId,
        actor: caller,
        kind: 'memberInvited',
        subject: email,
        details: { role },
        at,
      });
      // Answered as an invitation: the admin learns nothing of whether the address had an account.
      return { success: true, outcome: 'invited' };
    }

    const code = newSecret();
    await tx.insert(teamInvitations).values({
      teamId: team.teamId,
      email,
      role,
      ...names,
      codeHash: sha256Hex(code),
      invitedBy: caller.userId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + invitationLifetimeSeconds * 1000),
    });
    const locale = storedLocale(existing.locale) ?? requestLocale;
    await outbox.enqueue(teamInvitationMail(deps.env, locale, email, teamName, code));
    await recordTeamEvent(tx, {
      teamId: team.teamId,
      actor: caller,
      kind: 'memberInvited',
      subject: email,
      details: { role },
      at,
    });
    return { success: true, outcome: 'invited' };
  });
}

/** Not accepted and not canceled (it may have expired: callers compare `expiresAt`). */
function pendingInvitationOf(teamId: number, email: string) {
  return and(
    eq(teamInvitations.teamId, teamId),
    eq(teamInvitations.email, email),
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.canceledAt),
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** DELETE /api/subscription/{id}/teamMember/{userid or email}. The owner stays. */
export async function removeMember(deps: TeamDeps, caller: Caller, referenceId: string, member: string) {
  await deps.db.transaction(async (tx) => {
    const team = await lockManagedTeam(tx, caller, referenceId);
    const named = uuidPattern.test(member) ? eq(users.id, member.toLowerCase()) : eq(users.email, member.toLowerCase());
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(named);
    if (user && user.id === team.subscription.ownerId) throw teamFailures.refused(TeamMessage.ownerCannotBeRemoved);
    const removed = user
      ? await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, user.id)))
          .returning({ role: teamMembers.role })
      : [];
    const [membership] = removed;
    if (!user || !membership) throw teamFailures.notFound(TeamMessage.memberNotFound);
    await recordTeamEvent(tx, {
      teamId: team.teamId,
      actor: caller,
      kind: 'memberRemoved',
      subject: user.email,
      details: { role: membership.role },
      at: deps.now(),
    });
  });
}

/** PUT /api/teams/members/update/role. The owner is always an admin. */
export async function updateRole(
  deps: TeamDeps,
  caller: Caller,
  request: { teamId: number; userid: string; role: TeamRole },
) {
  await deps.db.transaction(async (tx) => {
    const team = await lockManagedTeamById(tx, caller, request.teamId);
    const [member] = await tx
      .select({ role: teamMembers.role, email: users.email })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, request.userid)));
    if (request.userid === team.subscription.ownerId && request.role !== 'admin') {
      throw teamFailures.refused(TeamMessage.ownerCannotBeDemoted);
    }
    if (!member) throw teamFailures.notFound(TeamMessage.memberNotFound);
    if (member.role === request.role) return;
    await tx
      .update(teamMembers)
      .set({ role: request.role })
      .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, request.userid)));
    await recordTeamEvent(tx, {
      teamId: team.teamId,
      actor: caller,
      kind: 'roleChanged',
      subject: member.email,
      details: { from: member.role, to: request.role },
      at: deps.now(),
    });
  });
}

/** PUT /api/teams/rename. */
export async function renameTeam(deps: TeamDeps, caller: Caller, request: { teamId: number; teamName: string }) {
  await deps.db.transaction(async (tx) => {
    const team = await lockManagedTeamById(tx, caller, request.teamId);
    const from = await teamNameOf(tx, team.teamId);
    if (from === request.teamName) return;
    await tx.update(teams).set({ name: request.teamName }).where(eq(teams.id, team.teamId));
    await recordTeamEvent(tx, {
      teamId: team.teamId,
      actor: caller,
      kind: 'teamRenamed',
      subject: request.teamName,
      details: { from, to: request.teamName },
      at: deps.now(),
    });
  });
}

/**
 * PUT /api/subscription/{id}/team/second-factor-rule, by the owner only (issue 22): whether members
 * must use two-step sign-in. The owner must use it first, so the rule cannot lock them out of the team.
 */
export async function setSecondFactorRule(deps: TeamDeps, caller: Caller, referenceId: string, required: boolean) {
  await deps.db.transaction(async (tx) => {
    const team = await lockManagedTeam(tx, caller, referenceId);
    if (!team.isOwner) throw new Refusal(ErrorCode.forbidden, TeamMessage.onlyOwnerSetsRule);
    const [current] = await tx
      .select({ required: teams.requireSecondFactor })
      .from(teams)
      .where(eq(teams.id, team.teamId));
    if (current?.required === required) return;
    if (required) {
      const [app] = await tx
        .select({ userId: authenticatorApps.userId })
        .from(authenticatorApps)
        .where(and(eq(authenticatorApps.userId, caller.userId), isNotNull(authenticatorApps.enabledAt)));
      if (!app) throw teamFailures.conflict(TeamMessage.ownerNeedsSecondFactor);
    }
    await tx.update(teams).set({ requireSecondFactor: required }).where(eq(teams.id, team.teamId));
    await recordTeamEvent(tx, {
      teamId: team.teamId,
      actor: caller,
      kind: 'secondFactorRuleChanged',
      details: { required },
      at: deps.now(),
    });
  });
}

/** Pending invitations that have not expired, as of `at`. */
export const livePendingInvitations = (teamId: number, at: Date) =>
  and(
    eq(teamInvitations.teamId, teamId),
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.canceledAt),
    gt(teamInvitations.expiresAt, at),
  );

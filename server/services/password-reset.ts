import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { signInLimits } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import type { ProviderId } from '../../contract/federated-sign-in';
import type { Locale } from '../../contract/locales';
import {
  type ChangePasswordRequest,
  PasswordMessage,
  type ResetTokenStatus,
  resetTokenLifetimeSeconds,
} from '../../contract/password';
import type { Database } from '../db/database';
import { federatedIdentities, passwordResetRequests, passwordResetTokens, sessions, users } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { storedLocale } from '../mail/i18n';
import { passwordChangedMail, passwordResetMail } from '../mail/templates';
import { findUserByEmail, findUserById } from './accounts';
import type { Transaction } from './billing/ledger-core';
import type { Caller } from './caller';
import { createOutbox, type Outbox } from './outbox';
import { hashPassword, refuseCommonPassword, verifyPassword } from './passwords';
import { type RateLimiter, spendRateLimits } from './rate-limit';
import { Refusal } from './refusal';
import type { SessionService } from './sessions';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type PasswordDeps = {
  db: Database;
  env: Env;
  outbox: Outbox;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => Date;
};

/**
 * Takes a "forgot password" request for later: one insert, the same for every address, so the
 * answer costs the same whether or not the address has an account. Whether it has one is looked up
 * by `processPasswordResetRequests`, after the answer and apart from it.
 */
export async function queuePasswordResetRequest(
  deps: Pick<PasswordDeps, 'db' | 'now'>,
  email: string,
  requestLocale: Locale,
): Promise<void> {
  await deps.db.insert(passwordResetRequests).values({ email, locale: requestLocale, requestedAt: deps.now() });
}

/**
 * Works through the queued requests, oldest first. Each is deleted as it is taken, under
 * `skip locked`, so two processes never mail one request twice; one that fails is logged and not
 * retried (the person can ask again). Returns how many were taken.
 */
export async function processPasswordResetRequests(deps: PasswordDeps): Promise<number> {
  let taken = 0;
  for (;;) {
    const [request] = await deps.db
      .delete(passwordResetRequests)
      .where(
        eq(
          passwordResetRequests.id,
          sql`(select id from ${passwordResetRequests} order by id limit 1 for update skip locked)`,
        ),
      )
      .returning();
    if (!request) return taken;
    taken += 1;
    await mailResetLink(deps, request.email, storedLocale(request.locale) ?? 'en').catch((error: unknown) =>
      deps.logger.error({ err: error, requestId: request.id }, 'password reset mail failed'),
    );
  }
}

/**
 * Sends a reset link when the address has an account; does nothing otherwise (the caller answered
 * the same). The mail is in the account's language, or the request's when the account has none.
 */
async function mailResetLink(deps: PasswordDeps, email: string, requestLocale: Locale): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  // 256 bits from a CSPRNG, base64url: 43 characters.
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashOf(token),
    expiresAt: new Date(deps.now().getTime() + resetTokenLifetimeSeconds * 1000),
    createdAt: deps.now(),
  });
  const locale = storedLocale(user.locale) ?? requestLocale;
  await deps.outbox.enqueue(passwordResetMail(deps.env, locale, user.email, token));
}

async function liveToken(deps: PasswordDeps, token: string) {
  const [row] = await deps.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashOf(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, deps.now()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether the link works, and which providers' sign-ins its account has linked (the page offers to unlink them). */
export async function resetTokenStatus(deps: PasswordDeps, token: string): Promise<ResetTokenStatus> {
  const row = await liveToken(deps, token);
  if (!row) return { valid: false, linkedProviders: [] };
  const linked = await deps.db
    .selectDistinct({ provider: federatedIdentities.provider })
    .from(federatedIdentities)
    .where(eq(federatedIdentities.userId, row.userId))
    .orderBy(federatedIdentities.provider);
  return { valid: true, linkedProviders: linked.map((identity) => identity.provider as ProviderId) };
}

/**
 * Sets the new password, uses the link up, and signs out every session of the account; when asked,
 * removes every provider sign-in linked to it too (someone else may have linked one). Returns the
 * account's id and the providers unlinked, or null when the link does not work.
 */
export async function resetPassword(
  deps: PasswordDeps,
  token: string,
  password: string,
  { unlinkSignIns = false }: { unlinkSignIns?: boolean } = {},
): Promise<{ userId: string; unlinkedProviders: string[] } | null> {
  refuseCommonPassword(password);
  const row = await liveToken(deps, token);
  if (!row) return null;
  const passwordHash = await hashPassword(password);
  const reset = await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: deps.now() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    // Two resets racing with one link: only the first wins.
    if (used.length === 0) return null;
    const [before] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, row.userId))
      .for('update');
    // The link came by mail to the address: opening it proves the address, if nothing had before
    // (a team member added by an admin chooses their first password here).
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${deps.now()})` })
      .where(eq(users.id, row.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: deps.now() })
      .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    const unlinked = unlinkSignIns
      ? await tx
          .delete(federatedIdentities)
          .where(eq(federatedIdentities.userId, row.userId))
          .returning({ provider: federatedIdentities.provider })
      : [];
    // A first password chosen from an admin's invitation changed nothing the owner had.
    await afterPasswordChanged(tx, deps, row.userId, { notify: Boolean(before?.passwordHash) });
    return { userId: row.userId, unlinkedProviders: unlinked.map((identity) => identity.provider) };
  });
  if (reset) deps.sessions.forgetRevokedOf(row.userId);
  return reset;
}

/** A signed-in person's new password; every other session of the account is signed out. */
/**
 * A signed-in person changes their password: not a common one, and only with the current one. A
 * wrong current password counts as a failed sign-in (the try is taken before the comparison); every
 * other session of the account is signed out.
 */
export async function changePassword(
  deps: PasswordDeps,
  caller: Caller & { sessionId: string },
  { currentPassword, newPassword }: ChangePasswordRequest,
): Promise<void> {
  refuseCommonPassword(newPassword);
  const limits = [[signInLimits.perAccount, caller.email]] as const;
  await spendRateLimits(deps.rateLimiter, limits);
  const user = await findUserById(deps.db, caller.userId);
  const matches = await deps.rateLimiter.givingBackOnFailure(limits, () =>
    verifyPassword(user?.passwordHash, currentPassword),
  );
  if (!user || !matches) {
    throw new Refusal(ErrorCode.currentPasswordIncorrect, PasswordMessage.currentPasswordIncorrect);
  }
  await deps.rateLimiter.refundAll(limits);
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: deps.now() })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), ne(sessions.id, caller.sessionId)));
    await afterPasswordChanged(tx, deps, user.id, { notify: true });
  });
  deps.sessions.forgetRevokedOf(user.id);
}

/**
 * What follows every new password, in its transaction: no other reset or choose-your-password link
 * of the account works any more (one sent before, perhaps to be used by someone else, would undo
 * the change), and the owner is told by mail, with a way back in if it was not them.
 */
async function afterPasswordChanged(
  tx: Transaction,
  deps: PasswordDeps,
  userId: string,
  { notify }: { notify: boolean },
): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: deps.now() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  if (!notify) return;
  const [user] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await createOutbox(tx, deps.logger, deps.now).enqueue(
    passwordChangedMail(deps.env, storedLocale(user.locale) ?? 'en', user.email),
  );
}

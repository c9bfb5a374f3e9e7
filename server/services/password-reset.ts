import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Locale } from '../../contract/locales';
import { resetTokenLifetimeSeconds } from '../../contract/password';
import type { Database } from '../db/database';
import { passwordResetTokens, sessions, users } from '../db/schema';
import type { Env } from '../env';
import { storedLocale } from '../mail/i18n';
import { passwordResetMail } from '../mail/templates';
import { findUserByEmail } from './accounts';
import type { Outbox } from './outbox';
import { hashPassword } from './passwords';
import type { SessionService } from './sessions';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type PasswordDeps = { db: Database; env: Env; outbox: Outbox; sessions: SessionService; now: () => Date };

/**
 * Sends a reset link when the address has an account; does nothing otherwise (the caller answers
 * the same). The mail is in the account's language, or the request's when the account has none.
 */
export async function requestPasswordReset(deps: PasswordDeps, email: string, requestLocale: Locale): Promise<void> {
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

export async function isResetTokenValid(deps: PasswordDeps, token: string): Promise<boolean> {
  return (await liveToken(deps, token)) !== null;
}

/** Sets the new password, uses the link up, and signs out every session of the account. */
export async function resetPassword(deps: PasswordDeps, token: string, password: string): Promise<boolean> {
  const row = await liveToken(deps, token);
  if (!row) return false;
  const passwordHash = await hashPassword(password);
  const reset = await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: deps.now() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    // Two resets racing with one link: only the first wins.
    if (used.length === 0) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: deps.now() })
      .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    return true;
  });
  if (reset) deps.sessions.forgetRevokedOf(row.userId);
  return reset;
}

/** A signed-in person's new password; every other session of the account is signed out. */
export async function changePassword(
  deps: PasswordDeps,
  userId: string,
  keepSessionId: string,
  newPassword: string,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: deps.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
  });
  deps.sessions.forgetRevokedOf(userId);
}

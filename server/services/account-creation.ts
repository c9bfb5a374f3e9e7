import { eq } from 'drizzle-orm';
import type { Locale } from '../../contract/locales';
import type { Database } from '../db/database';
import { pendingAccounts, users } from '../db/schema';
import type { Env } from '../env';
import { storedLocale } from '../mail/i18n';
import { verificationMail } from '../mail/templates';
import { findUserByEmail } from './accounts';
import type { Outbox } from './outbox';
import { hashPassword } from './passwords';
import type { VerificationCodes } from './verification-codes';

export type AccountCreationDeps = { db: Database; env: Env; codes: VerificationCodes; outbox: Outbox; now: () => Date };

export type PendingOutcome =
  | { outcome: 'codeSent'; expiresAt: Date }
  | { outcome: 'emailTaken' }
  | { outcome: 'noPendingAccount' };

/**
 * Starts (or restarts) an account creation: a pending account and a fresh code by e-mail, in the
 * language of this sign-up (kept for the resent codes and, later, the account's mails).
 */
export async function createPendingAccount(
  deps: AccountCreationDeps,
  email: string,
  locale: Locale,
): Promise<PendingOutcome> {
  if (await findUserByEmail(deps.db, email)) return { outcome: 'emailTaken' };
  await deps.db
    .insert(pendingAccounts)
    .values({ email, locale, createdAt: deps.now(), updatedAt: deps.now() })
    .onConflictDoUpdate({ target: pendingAccounts.email, set: { locale, updatedAt: deps.now() } });
  return sendCode(deps, email, locale);
}

/** A new code for a pending account, in the sign-up's language; the previous code stops working. */
export async function resendVerificationCode(
  deps: AccountCreationDeps,
  email: string,
  requestLocale: Locale,
): Promise<PendingOutcome> {
  const [pending] = await deps.db.select().from(pendingAccounts).where(eq(pendingAccounts.email, email));
  if (!pending) return { outcome: 'noPendingAccount' };
  return sendCode(deps, email, storedLocale(pending.locale) ?? requestLocale);
}

async function sendCode(deps: AccountCreationDeps, email: string, locale: Locale): Promise<PendingOutcome> {
  const { code, expiresAt } = await deps.codes.issue(email);
  await deps.outbox.enqueue(verificationMail(deps.env, locale, email, code));
  return { outcome: 'codeSent', expiresAt };
}

export type FinalizeOutcome =
  | { outcome: 'created'; userId: string }
  | { outcome: 'invalidCode' }
  | { outcome: 'codeExpired' }
  | { outcome: 'emailTaken' };

/** The code was used up by another finalization between the check and the account's transaction. */
class CodeAlreadyUsed extends Error {}

/** Turns a pending account with a valid code into an account with the chosen password. */
export async function finalizeAccountCreation(
  deps: AccountCreationDeps,
  request: { email: string; verificationCode: string; password: string },
): Promise<FinalizeOutcome> {
  const check = await deps.codes.check(request.email, request.verificationCode);
  if (check === 'rejected') return { outcome: 'invalidCode' };
  if (check !== 'accepted') return { outcome: 'codeExpired' };
  if (await findUserByEmail(deps.db, request.email)) return { outcome: 'emailTaken' };
  const passwordHash = await hashPassword(request.password);
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      // The code is used up in the account's own transaction: of two finalizations that both
      // passed the check, one uses it and the other creates nothing.
      if (!(await deps.codes.consume(tx, request.email, request.verificationCode))) throw new CodeAlreadyUsed();
      const [pending] = await tx
        .delete(pendingAccounts)
        .where(eq(pendingAccounts.email, request.email))
        .returning({ locale: pendingAccounts.locale });
      const [user] = await tx
        .insert(users)
        .values({
          email: request.email,
          passwordHash,
          locale: pending?.locale ?? null,
          createdAt: deps.now(),
          // The mailed code just proved the address.
          emailVerifiedAt: deps.now(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      return user.id;
    });
  } catch (error) {
    // Two finalizations of one address at once: both passed the checks above, the database let
    // one account in. The other is told the address is taken, as it now is, or that the code no
    // longer works when the winner had used it up first.
    if (error instanceof CodeAlreadyUsed) return { outcome: 'codeExpired' };
    if (isUniqueViolation(error)) return { outcome: 'emailTaken' };
    throw error;
  }
  return { outcome: 'created', userId };
}

/** PostgreSQL's unique_violation (23505), raised by pg or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth += 1) {
    if ('code' in cause && cause.code === '23505') return true;
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return false;
}

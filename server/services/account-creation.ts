import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pendingAccounts, users } from '../db/schema';
import type { Env } from '../env';
import { findUserByEmail } from './accounts';
import type { Outbox } from './outbox';
import { hashPassword } from './passwords';
import type { VerificationCodes } from './verification-codes';

export type AccountCreationDeps = { db: Database; env: Env; codes: VerificationCodes; outbox: Outbox; now: () => Date };

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function verificationMail(env: Env, email: string, code: string) {
  const link = `${env.publicOrigin}/verify-email?email=${encodeURIComponent(email)}`;
  const product = escapeHtml(env.productName);
  return {
    to: email,
    subject: `Your ${env.productName} verification code`,
    text: `Your ${env.productName} verification code is ${code}. It works for 5 minutes.\n\nEnter it at ${link}\n\nIf you did not ask for an account, ignore this e-mail.`,
    html: `<p>Your ${product} verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It works for 5 minutes. <a href="${escapeHtml(link)}">Enter it here</a>.</p><p>If you did not ask for an account, ignore this e-mail.</p>`,
  };
}

export type PendingOutcome =
  | { outcome: 'codeSent'; expiresAt: Date }
  | { outcome: 'emailTaken' }
  | { outcome: 'noPendingAccount' };

/** Starts (or restarts) an account creation: a pending account and a fresh code by e-mail. */
export async function createPendingAccount(deps: AccountCreationDeps, email: string): Promise<PendingOutcome> {
  if (await findUserByEmail(deps.db, email)) return { outcome: 'emailTaken' };
  await deps.db
    .insert(pendingAccounts)
    .values({ email, createdAt: deps.now(), updatedAt: deps.now() })
    .onConflictDoUpdate({ target: pendingAccounts.email, set: { updatedAt: deps.now() } });
  return sendCode(deps, email);
}

/** A new code for a pending account; the previous one stops working. */
export async function resendVerificationCode(deps: AccountCreationDeps, email: string): Promise<PendingOutcome> {
  const [pending] = await deps.db.select().from(pendingAccounts).where(eq(pendingAccounts.email, email));
  if (!pending) return { outcome: 'noPendingAccount' };
  return sendCode(deps, email);
}

async function sendCode(deps: AccountCreationDeps, email: string): Promise<PendingOutcome> {
  const { code, expiresAt } = await deps.codes.issue(email);
  await deps.outbox.enqueue(verificationMail(deps.env, email, code));
  return { outcome: 'codeSent', expiresAt };
}

export type FinalizeOutcome =
  | { outcome: 'created'; userId: string }
  | { outcome: 'invalidCode' }
  | { outcome: 'emailTaken' };

/** Turns a pending account with a valid code into an account with the chosen password. */
export async function finalizeAccountCreation(
  deps: AccountCreationDeps,
  request: { email: string; verificationCode: string; password: string },
): Promise<FinalizeOutcome> {
  const check = await deps.codes.check(request.email, request.verificationCode);
  if (check !== 'accepted') return { outcome: 'invalidCode' };
  if (await findUserByEmail(deps.db, request.email)) return { outcome: 'emailTaken' };
  const passwordHash = await hashPassword(request.password);
  const userId = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: request.email, passwordHash, createdAt: deps.now() })
      .returning({ id: users.id });
    await tx.delete(pendingAccounts).where(eq(pendingAccounts.email, request.email));
    if (!user) throw new Error('user insert returned nothing');
    return user.id;
  });
  await deps.codes.consume(request.email);
  return { outcome: 'created', userId };
}

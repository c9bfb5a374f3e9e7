import { eq } from 'drizzle-orm';
import { AccountCreationMessage, accountCreationLimits } from '../../contract/account-creation';
import { ErrorCode } from '../../contract/errors';
import type { Locale } from '../../contract/locales';
import type { Database } from '../db/database';
import { pendingAccounts, users } from '../db/schema';
import type { Env } from '../env';
import { storedLocale } from '../mail/i18n';
import { verificationMail } from '../mail/templates';
import { findUserByEmail } from './accounts';
import { type BotCheck, requireBotCheck } from './bot-check';
import type { Outbox } from './outbox';
import { hashPassword, refuseCommonPassword } from './passwords';
import { type RateLimiter, type RateLimitRules, spendRateLimits } from './rate-limit';
import { Refusal } from './refusal';
import type { VerificationCodes } from './verification-codes';

export type AccountCreationDeps = {
  db: Database;
  env: Env;
  codes: VerificationCodes;
  outbox: Outbox;
  now: () => Date;
  rateLimiter: RateLimiter;
  botCheck: BotCheck;
};

/** A code asked for by mail: the address, the bot check's answer, and where it comes from. */
export type CodeRequest = {
  email: string;
  botCheckToken: string | undefined;
  clientAddress: string;
  /** The language of the request, for a first code. */
  locale: Locale;
};

const emailTaken = () => new Refusal(ErrorCode.emailTaken, AccountCreationMessage.emailTaken);
const invalidCode = () => new Refusal(ErrorCode.invalidCode, AccountCreationMessage.invalidCode);
/** Expired, used up by wrong tries, replaced or used: only a new code helps, and the person is told so. */
const codeExpired = () => new Refusal(ErrorCode.codeExpired, AccountCreationMessage.codeExpired);

/**
 * Every code sent by mail, first or resent, costs a bot-check answer (a script must not have mail
 * sent to any address it names: issue 21) and is counted per address and per client.
 */
async function admitCodeRequest(deps: AccountCreationDeps, request: CodeRequest): Promise<void> {
  await requireBotCheck(deps.botCheck, request.botCheckToken, request.clientAddress);
  const limits: RateLimitRules = [
    [accountCreationLimits.codeCooldown, request.email],
    [accountCreationLimits.codesPerAddress, request.email],
    [accountCreationLimits.codesPerClient, request.clientAddress],
  ];
  await spendRateLimits(deps.rateLimiter, limits);
}

const spendCheck = (deps: AccountCreationDeps, clientAddress: string) =>
  spendRateLimits(deps.rateLimiter, [[accountCreationLimits.checksPerClient, clientAddress]]);

/**
 * Starts (or restarts) an account creation: a pending account and a fresh code by e-mail, in the
 * language of this sign-up (kept for the resent codes and, later, the account's mails). Answers
 * when the code stops working.
 */
export async function createPendingAccount(deps: AccountCreationDeps, request: CodeRequest): Promise<Date> {
  await admitCodeRequest(deps, request);
  const { email, locale } = request;
  if (await findUserByEmail(deps.db, email)) throw emailTaken();
  await deps.db
    .insert(pendingAccounts)
    .values({ email, locale, createdAt: deps.now(), updatedAt: deps.now() })
    .onConflictDoUpdate({ target: pendingAccounts.email, set: { locale, updatedAt: deps.now() } });
  return sendCode(deps, email, locale);
}

/** A new code for a pending account, in the sign-up's language; the previous code stops working. */
export async function resendVerificationCode(deps: AccountCreationDeps, request: CodeRequest): Promise<Date> {
  await admitCodeRequest(deps, request);
  const [pending] = await deps.db.select().from(pendingAccounts).where(eq(pendingAccounts.email, request.email));
  if (!pending) {
    throw new Refusal(
      ErrorCode.notFound,
      'There is no account creation waiting for this address. Please sign up again.',
    );
  }
  return sendCode(deps, request.email, storedLocale(pending.locale) ?? request.locale);
}

async function sendCode(deps: AccountCreationDeps, email: string, locale: Locale): Promise<Date> {
  const { code, expiresAt } = await deps.codes.issue(email);
  await deps.outbox.enqueue(verificationMail(deps.env, locale, email, code));
  return expiresAt;
}

/** Whether a code is right, before the password is chosen; a wrong one spends one of its tries. */
export async function checkVerificationCode(
  deps: AccountCreationDeps,
  request: { email: string; verificationCode: string; clientAddress: string },
): Promise<void> {
  await spendCheck(deps, request.clientAddress);
  const check = await deps.codes.check(request.email, request.verificationCode);
  if (check === 'rejected') throw invalidCode();
  if (check !== 'accepted') throw codeExpired();
}

/** The code was used up by another finalization between the check and the account's transaction. */
class CodeAlreadyUsed extends Error {}

/** Turns a pending account with a valid code into an account with the chosen password; answers its id. */
export async function finalizeAccountCreation(
  deps: AccountCreationDeps,
  request: { email: string; verificationCode: string; password: string; clientAddress: string },
): Promise<string> {
  // Before the code is checked: a refused password spends none of its tries.
  refuseCommonPassword(request.password);
  await spendCheck(deps, request.clientAddress);
  const check = await deps.codes.check(request.email, request.verificationCode);
  if (check === 'rejected') throw invalidCode();
  if (check !== 'accepted') throw codeExpired();
  if (await findUserByEmail(deps.db, request.email)) throw emailTaken();
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
    if (error instanceof CodeAlreadyUsed) throw codeExpired();
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return userId;
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

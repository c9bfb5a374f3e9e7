import { eq } from 'drizzle-orm';
import { type RecentSignInMethod, type RecentSignInRequest, recentSignInSeconds } from '../../contract/recent-sign-in';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { Logger } from '../logger';
import { securityEvent } from '../security-events';
import type { PasskeyService } from './passkeys';
import { verifyPassword } from './passwords';
import type { RateLimiter } from './rate-limit';
import type { SecondFactorService } from './second-factor/second-factor';
import type { SessionService } from './sessions';
import { signInLimits } from './sign-in';

/** A recent sign-in's password was wrong, or its tries ran out (the second-step refusals speak for codes). */
export class RecentSignInRefused extends Error {
  constructor(
    readonly reason: 'wrongPassword' | 'rateLimited',
    readonly retryAfterSeconds = 0,
  ) {
    super(reason);
    this.name = 'RecentSignInRefused';
  }
}

type Account = { userId: string; sessionId: string };

/**
 * Recent sign-in (issue 22): a sensitive change needs its session's person to have proved who they
 * are within recentSignInSeconds: at the sign-in, or again in place. With an authenticator app on
 * the proof is a second-step answer (a passkey, the app's code, a recovery code): the password alone
 * is not one. Without, the password or a passkey. docs/decisions/0014-passkeys-and-recent-sign-in.md.
 */
export function createRecentSignIn(deps: {
  db: Database;
  sessions: SessionService;
  secondFactor: SecondFactorService;
  passkeys: PasskeyService;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => Date;
}) {
  const { db, sessions, secondFactor, passkeys, rateLimiter, logger, now } = deps;

  async function passwordMatches(userId: string, password: string, clientAddress: string): Promise<void> {
    const [account] = await db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    // The limits of a password sign-in: a stolen session cannot guess the password faster here.
    const limits = [
      [signInLimits.perAccount, account?.email ?? userId],
      [signInLimits.perAddress, clientAddress],
    ] as const;
    const verdict = await rateLimiter.takeAll(limits);
    if (!verdict.allowed) throw new RecentSignInRefused('rateLimited', verdict.retryAfterSeconds);
    const matches = await rateLimiter.givingBackOnFailure(limits, () =>
      verifyPassword(account?.passwordHash, password),
    );
    if (!matches) throw new RecentSignInRefused('wrongPassword');
    await rateLimiter.refundAll(limits);
  }

  return {
    /** Whether the session's person proved who they are within recentSignInSeconds. */
    async isRecent(sessionId: string): Promise<boolean> {
      const at = await sessions.authenticatedAt(sessionId);
      return at !== null && now().getTime() - at.getTime() < recentSignInSeconds * 1000;
    },

    /** How the account's person can prove it; none (sign in again) for an account with no password, passkey or app. */
    async methodsOf(userId: string): Promise<RecentSignInMethod[]> {
      const secondStep = await secondFactor.secondStepMethods(userId);
      if (secondStep.length > 0) return secondStep;
      const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      const methods: RecentSignInMethod[] = account?.passwordHash ? ['password'] : [];
      if (await passkeys.hasPasskey(userId)) methods.push('passkey');
      return methods;
    },

    /** Checks the proof by a method the account offers, and marks the session as recently signed in. */
    async confirm(account: Account, request: RecentSignInRequest, clientAddress: string): Promise<Date> {
      const offered = await this.methodsOf(account.userId);
      // A method the account does not offer proves nothing: the password of an account with an app on.
      if (!offered.includes(request.method)) throw new RecentSignInRefused('wrongPassword');
      if (request.method === 'password') await passwordMatches(account.userId, request.password, clientAddress);
      else await secondFactor.prove(account, request, { clientAddress, userAgent: null });
      const at = await sessions.markAuthenticated(account.sessionId);
      securityEvent(logger, {
        event: 'recentSignIn.confirmed',
        clientAddress,
        userId: account.userId,
        via: request.method === 'password' ? 'password' : request.method === 'passkey' ? 'passkey' : 'secondFactor',
      });
      return new Date(at.getTime() + recentSignInSeconds * 1000);
    },
  };
}

export type RecentSignInService = ReturnType<typeof createRecentSignIn>;

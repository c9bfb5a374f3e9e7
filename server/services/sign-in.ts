import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { signInLimits } from '../../contract/auth';
import { passkeySignInLimits } from '../../contract/passkeys';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { findUserByEmail } from './accounts';
import { PasskeyRefused, type PasskeyService } from './passkeys';
import { verifyPassword } from './passwords';
import type { RateLimiter } from './rate-limit';
import type { SecondFactorService, SignInStep } from './second-factor/second-factor';
import type { SessionService } from './sessions';

/**
 * Failed sign-ins are limited per account (against guessing one password) and per client address
 * (against trying many accounts). A try is taken before the password is compared and given back when
 * it was right: only failures count, so a person who knows their password is
 * slowed only after someone else failed five times on their account in the same window: the
 * price of stopping password guessing, and it lasts 15 minutes at most.
 */
export { signInLimits };

/** Why a sign-in failed, for the security log only: the answer is the same for all of them. */
type SignInFailure = 'unknownAccount' | 'noPassword' | 'wrongPassword';

export type SignInResult =
  | SignInStep
  | { outcome: 'invalidCredentials'; reason: SignInFailure; userId: string | null }
  | { outcome: 'rateLimited'; retryAfterSeconds: number };

export async function signInWithPassword(
  deps: { db: Database; secondFactor: SecondFactorService; rateLimiter: RateLimiter },
  request: { email: string; password: string; clientAddress: string; userAgent: string | null },
): Promise<SignInResult> {
  const { db, secondFactor, rateLimiter } = deps;
  // Taken before the password is compared, so forty guesses sent at once are not all compared;
  // only failures count, so a right password gives its tries back.
  const limits = [
    [signInLimits.perAccount, request.email],
    [signInLimits.perAddress, request.clientAddress],
  ] as const;
  const verdict = await rateLimiter.takeAll(limits);
  if (!verdict.allowed) return { outcome: 'rateLimited', retryAfterSeconds: verdict.retryAfterSeconds };

  const user = await findUserByEmail(db, request.email);
  const passwordMatches = await rateLimiter.givingBackOnFailure(limits, () =>
    verifyPassword(user?.passwordHash, request.password),
  );
  if (!user) return { outcome: 'invalidCredentials', reason: 'unknownAccount', userId: null };
  if (!passwordMatches) {
    // An account without a password signs in through its provider only.
    return {
      outcome: 'invalidCredentials',
      reason: user.passwordHash ? 'wrongPassword' : 'noPassword',
      userId: user.id,
    };
  }
  await rateLimiter.refundAll(limits);
  return secondFactor.afterFirstStep(user, {
    method: 'password',
    userAgent: request.userAgent,
    clientAddress: request.clientAddress,
  });
}

/**
 * A sign-in with a passkey alone (issue 22): the browser's answer to a challenge bound to its cookie.
 * It is both steps (possession, and the person by the authenticator's check), so it starts the
 * session at once. PasskeyRefused when it is unknown, expired or does not verify.
 */
export async function signInWithPasskey(
  deps: { db: Database; sessions: SessionService; passkeys: PasskeyService; rateLimiter: RateLimiter },
  request: {
    bindingHash: string;
    response: AuthenticationResponseJSON;
    clientAddress: string;
    userAgent: string | null;
  },
): Promise<
  | ({ outcome: 'signedIn' } & Awaited<ReturnType<SessionService['start']>>)
  | { outcome: 'rateLimited'; retryAfterSeconds: number }
> {
  const { db, sessions, passkeys, rateLimiter } = deps;
  const limits = [[passkeySignInLimits.perAddress, request.clientAddress]] as const;
  const verdict = await rateLimiter.takeAll(limits);
  if (!verdict.allowed) return { outcome: 'rateLimited', retryAfterSeconds: verdict.retryAfterSeconds };
  // A passkey that did not verify keeps its try; an expired challenge (PasskeyRefused) gives it back.
  const verified = await rateLimiter.givingBackOnFailure(limits, () =>
    db.transaction((tx) =>
      passkeys.verifyAssertion(tx, request.response, { purpose: 'signIn', bindingHash: request.bindingHash }),
    ),
  );
  if (!verified) throw new PasskeyRefused('notRecognised');
  await rateLimiter.refundAll(limits);
  const { userId } = verified;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new PasskeyRefused('notRecognised');
  const session = await sessions.start(user, {
    method: 'passkey',
    userAgent: request.userAgent,
    clientAddress: request.clientAddress,
  });
  return { outcome: 'signedIn', ...session };
}

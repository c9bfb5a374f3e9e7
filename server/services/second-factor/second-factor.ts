import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { SecondFactorMethod } from '../../../contract/auth';
import {
  type AuthenticatorSetup,
  authenticatorSetupSeconds,
  type RecoveryCodesIssued,
  recoveryCodeCount,
  type SecondFactorAnswer,
  type SecondFactorStatus,
  secondFactorChallengeSeconds,
  secondFactorLimits,
} from '../../../contract/second-factor';
import type { Database } from '../../db/database';
import { authenticatorApps, recoveryCodes, secondFactorChallenges, users } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { storedLocale } from '../../mail/i18n';
import { secondFactorChangedMail } from '../../mail/templates';
import { securityEvent } from '../../security-events';
import type { Transaction } from '../billing/ledger-core';
import { createKeySealer, type KeySealer } from '../key-encryption';
import { createOutbox } from '../outbox';
import { type PasskeyBinding, PasskeyRefused, type PasskeyService } from '../passkeys';
import type { RateLimiter } from '../rate-limit';
import type { SessionOrigin, SessionService, SessionUser } from '../sessions';
import { teamRequiringSecondFactorOf } from '../teams/team-access';
import { newRecoveryCode, recoveryCodeHash } from './recovery-codes';

/** TOTP as RFC 6238 and every common app: SHA-1, 6 digits, 30-second steps. */
const totpPeriodSeconds = 30;
/** A code of the step before or after is accepted too: a phone's clock a little off, a slow typist. */
const totpToleranceSeconds = totpPeriodSeconds;

/** Why a second step or a change of the setup was refused; the routes answer each with its status. */
export type SecondFactorRefusal = 'invalidCode' | 'expired' | 'rateLimited' | 'alreadyOn' | 'notOn';

export class SecondFactorRefused extends Error {
  constructor(
    readonly reason: SecondFactorRefusal,
    readonly retryAfterSeconds = 0,
  ) {
    super(reason);
    this.name = 'SecondFactorRefused';
  }
}

/** A signed-in person and their session, to which a passkey's proof is bound. */
type SessionAccount = { userId: string; sessionId: string };

/** Who is asking: for the session a second step starts and for the security log. */
type Requester = { clientAddress: string; userAgent: string | null };

/** A sign-in whose first step was right: how it began, and where a provider's was to lead. */
export type FirstStep = SessionOrigin & { redirect?: string; accountCreated?: boolean };

export type SignInStep =
  | ({ outcome: 'signedIn' } & Awaited<ReturnType<SessionService['start']>>)
  | { outcome: 'secondFactorRequired'; binding: string; methods: SecondFactorMethod[] };

const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The row identity an app's key is sealed to: a key copied to another account does not open. */
const authenticatorKeyRow = (userId: string) => `authenticator_apps:${userId}`;

/** An app's key as stored: sealed under the key-encryption key, bound to its account. */
export function sealedAuthenticatorKey(sealer: KeySealer, userId: string, secret: string) {
  return { secretSealed: sealer.seal(secret, authenticatorKeyRow(userId)), kekId: sealer.keyId };
}

/**
 * Two-step sign-in (issue 22): an authenticator app and recovery codes. A sign-in whose first step
 * was right for an account with the app on becomes a challenge bound to its browser, and only its
 * answer starts the session; sessions.start refuses any other way for such an account.
 * docs/decisions/0013-two-step-sign-in.md.
 */
export function createSecondFactor(deps: {
  db: Database;
  env: Env;
  sessions: SessionService;
  passkeys: PasskeyService;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => Date;
}) {
  const { db, env, sessions, passkeys, rateLimiter, logger, now } = deps;
  const sealer = createKeySealer(env.keyEncryptionKey);
  const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

  async function notify(
    tx: Transaction | Database,
    userId: string,
    change: Parameters<typeof secondFactorChangedMail>[3],
  ) {
    const [account] = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) return;
    await createOutbox(tx, logger, now).enqueue(
      secondFactorChangedMail(env, storedLocale(account.locale) ?? 'en', account.email, change),
    );
  }

  /**
   * Accepts a code of the account's app once: the row is locked, so the same code sent twice at
   * once is accepted once, and a code of a step no later than the last accepted one is refused.
   */
  async function acceptAppCode(tx: Transaction, userId: string, code: string, enabled: boolean): Promise<boolean> {
    const [app] = await tx
      .select()
      .from(authenticatorApps)
      .where(
        and(
          eq(authenticatorApps.userId, userId),
          enabled ? isNotNull(authenticatorApps.enabledAt) : isNull(authenticatorApps.enabledAt),
        ),
      )
      .for('update');
    if (!app) return false;
    const secret = sealer.open(
      { sealed: app.secretSealed, kekId: app.kekId },
      authenticatorKeyRow(userId),
      'An authenticator key',
    );
    const result = await verify({
      secret,
      token: code,
      epoch: epochOf(now()),
      epochTolerance: totpToleranceSeconds,
      afterTimeStep: app.lastStep ?? undefined,
    });
    // `timeStep` tells a TOTP result from an HOTP one in otplib's types.
    if (!result.valid || !('timeStep' in result)) return false;
    await tx.update(authenticatorApps).set({ lastStep: result.timeStep }).where(eq(authenticatorApps.userId, userId));
    return true;
  }

  /** Uses one recovery code of the account, once. */
  async function acceptRecoveryCode(tx: Transaction, userId: string, code: string): Promise<boolean> {
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
          eq(recoveryCodes.userId, userId),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: recoveryCodes.codeHash });
    return Boolean(used);
  }

  async function remainingRecoveryCodes(tx: Transaction | Database, userId: string): Promise<number> {
    const [row] = await tx
      .select({ remaining: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.remaining ?? 0;
  }

  /** Whether a passkey of the account answered a challenge of this binding; a refused one counts as a wrong code. */
  async function acceptPasskey(
    tx: Transaction,
    answer: Extract<SecondFactorAnswer, { method: 'passkey' }>,
    binding: PasskeyBinding,
  ) {
    try {
      return (await passkeys.verifyAssertion(tx, answer.response, binding)) !== null;
    } catch (error) {
      if (error instanceof PasskeyRefused) throw new SecondFactorRefused('expired');
      throw error;
    }
  }

  /** Whether the answer is right: a passkey's for a challenge of `binding`, the app's code, or a recovery code. */
  const acceptAnswer = (tx: Transaction, userId: string, answer: SecondFactorAnswer, binding: PasskeyBinding) =>
    answer.method === 'passkey'
      ? acceptPasskey(tx, answer, binding)
      : answer.method === 'authenticatorApp'
        ? acceptAppCode(tx, userId, answer.code, true)
        : acceptRecoveryCode(tx, userId, answer.code);

  /**
   * Runs `work` (which answers whether the code was right) within the wrong-code limits of the
   * account and the address: a try is taken first, and given back when the code was right.
   */
  async function limited(userId: string, clientAddress: string, work: () => Promise<boolean>): Promise<void> {
    const limits = [
      [secondFactorLimits.perAccount, userId],
      [secondFactorLimits.perAddress, clientAddress],
    ] as const;
    const verdict = await rateLimiter.takeAll(limits);
    if (!verdict.allowed) throw new SecondFactorRefused('rateLimited', verdict.retryAfterSeconds);
    if (!(await rateLimiter.givingBackOnFailure(limits, work))) throw new SecondFactorRefused('invalidCode');
    await rateLimiter.refundAll(limits);
  }

  /** A new set of recovery codes in place of the old; answered once, stored as hashes. */
  async function issueRecoveryCodes(tx: Transaction, userId: string): Promise<RecoveryCodesIssued> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    const createdAt = now();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ codeHash: recoveryCodeHash(code), userId, createdAt })));
    return { recoveryCodes: codes };
  }

  async function methodsOf(userId: string): Promise<SecondFactorMethod[]> {
    const [app] = await db
      .select({ userId: authenticatorApps.userId })
      .from(authenticatorApps)
      .where(and(eq(authenticatorApps.userId, userId), isNotNull(authenticatorApps.enabledAt)));
    if (!app) return [];
    return (await passkeys.hasPasskey(userId))
      ? ['passkey', 'authenticatorApp', 'recoveryCode']
      : ['authenticatorApp', 'recoveryCode'];
  }

  /** The sign-in this browser's cookie waits with for its second step, while it may be answered. */
  async function waitingChallenge(binding: string) {
    const [row] = await db
      .select()
      .from(secondFactorChallenges)
      .where(
        and(
          eq(secondFactorChallenges.bindingHash, sha256Hex(binding)),
          isNull(secondFactorChallenges.usedAt),
          gt(secondFactorChallenges.expiresAt, now()),
        ),
      );
    return row ?? null;
  }

  return {
    /**
     * The options of a passkey that answers the sign-in this browser's cookie waits with: only that
     * sign-in's account's passkeys, and a challenge bound to the same cookie.
     */
    async passkeyOptions(binding: string | undefined, requestOrigin: string | undefined) {
      const waiting = binding ? await waitingChallenge(binding) : null;
      if (!binding || !waiting) throw new SecondFactorRefused('expired');
      return passkeys.requestOptions(
        { purpose: 'secondStep', bindingHash: sha256Hex(binding), userId: waiting.userId },
        requestOrigin,
      );
    },

    /** The ways the account's second step can be answered; none when it has no second step. */
    secondStepMethods: methodsOf,

    /**
     * Proof that the session's person is at hand (a recent sign-in): a passkey, the app's code or a
     * recovery code (used up), within the wrong-code limits.
     */
    async prove(account: SessionAccount, answer: SecondFactorAnswer, requester: Requester): Promise<void> {
      await limited(account.userId, requester.clientAddress, () =>
        db.transaction((tx) => acceptAnswer(tx, account.userId, answer, { purpose: 'reauthenticate', ...account })),
      );
    },

    /**
     * The end of a sign-in's first step: the session, or, for an account with a second factor, a
     * challenge whose secret goes to the browser (an HttpOnly cookie) and no session.
     */
    async afterFirstStep(user: SessionUser, step: FirstStep): Promise<SignInStep> {
      const { redirect, accountCreated, ...origin } = step;
      const methods = await methodsOf(user.id);
      if (methods.length === 0) return { outcome: 'signedIn', ...(await sessions.start(user, origin)) };
      const binding = randomBytes(32).toString('base64url');
      const createdAt = now();
      await db.transaction(async (tx) => {
        // Challenges never answered are kept a day past their end, then swept by the next.
        await tx
          .delete(secondFactorChallenges)
          .where(lt(secondFactorChallenges.expiresAt, new Date(createdAt.getTime() - 86_400_000)));
        await tx.insert(secondFactorChallenges).values({
          bindingHash: sha256Hex(binding),
          userId: user.id,
          signInMethod: origin.method,
          provider: origin.provider ?? null,
          redirect: redirect ?? null,
          accountCreated: accountCreated ?? false,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + secondFactorChallengeSeconds * 1000),
        });
      });
      return { outcome: 'secondFactorRequired', binding, methods };
    },

    /**
     * The second step: a right code uses up the challenge and starts the session. A wrong one leaves
     * the challenge for another try, within the limits.
     */
    async answer(binding: string | undefined, answer: SecondFactorAnswer, requester: Requester) {
      if (!binding) throw new SecondFactorRefused('expired');
      const bindingHash = sha256Hex(binding);
      const challenge = await waitingChallenge(binding);
      if (!challenge) throw new SecondFactorRefused('expired');
      const { userId } = challenge;
      let account: SessionUser | undefined;
      await limited(userId, requester.clientAddress, () =>
        db.transaction(async (tx) => {
          // Locked, so two right answers sent at once start one session.
          const [locked] = await tx
            .select()
            .from(secondFactorChallenges)
            .where(and(eq(secondFactorChallenges.bindingHash, bindingHash), isNull(secondFactorChallenges.usedAt)))
            .for('update');
          if (!locked || locked.expiresAt <= now()) throw new SecondFactorRefused('expired');
          if (!(await acceptAnswer(tx, userId, answer, { purpose: 'secondStep', bindingHash, userId }))) return false;
          // A sign-in with a recovery code is told to the owner (the app may be lost, or someone has the codes).
          if (answer.method === 'recoveryCode') {
            await notify(tx, userId, { kind: 'recoveryCodeUsed', remaining: await remainingRecoveryCodes(tx, userId) });
          }
          await tx
            .update(secondFactorChallenges)
            .set({ usedAt: now() })
            .where(eq(secondFactorChallenges.bindingHash, bindingHash));
          [account] = await tx.select().from(users).where(eq(users.id, userId));
          return true;
        }),
      ).catch((error) => {
        if (error instanceof SecondFactorRefused && error.reason === 'invalidCode') {
          securityEvent(logger, {
            event: 'signIn.failed',
            clientAddress: requester.clientAddress,
            via: 'secondFactor',
            reason: { authenticatorApp: 'wrongCode', recoveryCode: 'wrongRecoveryCode', passkey: 'passkeyRefused' }[
              answer.method
            ],
            userId,
          });
        }
        throw error;
      });
      if (!account) throw new SecondFactorRefused('expired');
      const session = await sessions.start(account, {
        method: challenge.signInMethod as SessionOrigin['method'],
        provider: challenge.provider ?? undefined,
        secondFactor: answer.method,
        ...requester,
      });
      return { ...session, redirect: challenge.redirect, accountCreated: challenge.accountCreated };
    },

    /** What "Sign-in and security" shows of the account's second factor. */
    async status(userId: string): Promise<SecondFactorStatus> {
      const [app] = await db
        .select({ enabledAt: authenticatorApps.enabledAt })
        .from(authenticatorApps)
        .where(eq(authenticatorApps.userId, userId));
      const [codes] = await db
        .select({ createdAt: recoveryCodes.createdAt })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, userId))
        .limit(1);
      return {
        authenticatorApp: { enabled: Boolean(app?.enabledAt), enabledAt: app?.enabledAt?.toISOString() ?? null },
        recoveryCodes: {
          remaining: await remainingRecoveryCodes(db, userId),
          createdAt: codes?.createdAt.toISOString() ?? null,
        },
        requiredByTeam: await teamRequiringSecondFactorOf(db, userId),
      };
    },

    /** A new key for the app, in place of a setup never confirmed; refused while an app is on. */
    async beginSetup(userId: string, email: string): Promise<AuthenticatorSetup> {
      const secret = generateSecret();
      const createdAt = now();
      const sealed = sealedAuthenticatorKey(sealer, userId, secret);
      const [row] = await db
        .insert(authenticatorApps)
        .values({ userId, ...sealed, createdAt })
        .onConflictDoUpdate({
          target: authenticatorApps.userId,
          set: { ...sealed, createdAt, lastStep: null },
          setWhere: isNull(authenticatorApps.enabledAt),
        })
        .returning({ userId: authenticatorApps.userId });
      if (!row) throw new SecondFactorRefused('alreadyOn');
      return {
        secret,
        otpauthUri: generateURI({ issuer: env.productName, label: email, secret }),
      };
    },

    /** The app's first code turns it on, with a first set of recovery codes; the owner is told. */
    async confirmSetup(userId: string, code: string, requester: Requester): Promise<RecoveryCodesIssued> {
      let issued: RecoveryCodesIssued | undefined;
      await limited(userId, requester.clientAddress, () =>
        db.transaction(async (tx) => {
          const [setup] = await tx.select().from(authenticatorApps).where(eq(authenticatorApps.userId, userId));
          if (setup?.enabledAt) throw new SecondFactorRefused('alreadyOn');
          if (!setup || setup.createdAt.getTime() + authenticatorSetupSeconds * 1000 <= now().getTime()) {
            throw new SecondFactorRefused('expired');
          }
          if (!(await acceptAppCode(tx, userId, code, false))) return false;
          await tx.update(authenticatorApps).set({ enabledAt: now() }).where(eq(authenticatorApps.userId, userId));
          issued = await issueRecoveryCodes(tx, userId);
          await notify(tx, userId, { kind: 'enabled' });
          return true;
        }),
      );
      securityEvent(logger, { event: 'secondFactor.enabled', clientAddress: requester.clientAddress, userId });
      return issued as RecoveryCodesIssued;
    },

    /** Turns the app off and deletes the recovery codes, with a code as proof; the owner is told. */
    async turnOff(account: SessionAccount, proof: SecondFactorAnswer, requester: Requester): Promise<void> {
      const { userId } = account;
      await limited(userId, requester.clientAddress, () =>
        db.transaction(async (tx) => {
          await requireOn(tx, userId);
          if (!(await acceptAnswer(tx, userId, proof, { purpose: 'reauthenticate', ...account }))) return false;
          await tx.delete(authenticatorApps).where(eq(authenticatorApps.userId, userId));
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
          await notify(tx, userId, { kind: 'disabled' });
          return true;
        }),
      );
      securityEvent(logger, { event: 'secondFactor.disabled', clientAddress: requester.clientAddress, userId });
    },

    /** A new set of recovery codes, with a code as proof; the old set no longer works. */
    async newRecoveryCodes(
      account: SessionAccount,
      proof: SecondFactorAnswer,
      requester: Requester,
    ): Promise<RecoveryCodesIssued> {
      const { userId } = account;
      let issued: RecoveryCodesIssued | undefined;
      await limited(userId, requester.clientAddress, () =>
        db.transaction(async (tx) => {
          await requireOn(tx, userId);
          if (!(await acceptAnswer(tx, userId, proof, { purpose: 'reauthenticate', ...account }))) return false;
          issued = await issueRecoveryCodes(tx, userId);
          return true;
        }),
      );
      return issued as RecoveryCodesIssued;
    },
  };

  async function requireOn(tx: Transaction, userId: string) {
    const [app] = await tx
      .select({ enabledAt: authenticatorApps.enabledAt })
      .from(authenticatorApps)
      .where(eq(authenticatorApps.userId, userId));
    if (!app?.enabledAt) throw new SecondFactorRefused('notOn');
  }
}

export type SecondFactorService = ReturnType<typeof createSecondFactor>;

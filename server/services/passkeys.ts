import { createHash } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import {
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  passkeyChallengeSeconds,
  passkeysPerAccount,
} from '../../contract/passkeys';
import type { Database } from '../db/database';
import { passkeyChallenges, passkeys, users } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { storedLocale } from '../mail/i18n';
import { secondFactorChangedMail } from '../mail/templates';
import { securityEvent } from '../security-events';
import type { Transaction } from './billing/ledger-core';
import { createOutbox } from './outbox';

/** Why a passkey ceremony was refused; the routes answer each with its status. */
export type PasskeyRefusal = 'notRecognised' | 'expired' | 'tooMany' | 'notFound';

export class PasskeyRefused extends Error {
  constructor(readonly reason: PasskeyRefusal) {
    super(reason);
    this.name = 'PasskeyRefused';
  }
}

/**
 * What a ceremony's challenge is bound to, besides its purpose: the browser's cookie (a sign-in with
 * a passkey alone; the waiting second step, with its account), or the session (adding a passkey, a
 * recent sign-in, a proof for a change of the second step).
 */
export type PasskeyBinding =
  | { purpose: 'signIn'; bindingHash: string }
  | { purpose: 'secondStep'; bindingHash: string; userId: string }
  | { purpose: 'register' | 'reauthenticate'; userId: string; sessionId: string };

const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const bindingHashOf = sha256Hex;

/** The challenge the browser signed, read from its client data; null for anything unreadable. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 256 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (issue 22): WebAuthn credentials, resident, user verification preferred. The relying
 * party is the portal's host, and the partner theme's hosts (PARTNER_ORIGINS), which share the
 * accounts. Every ceremony's challenge is stored, bound to what asked for it, and used once within
 * passkeyChallengeSeconds; an authenticator's signature counter that goes back is refused (a cloned
 * key). docs/decisions/0014-passkeys-and-recent-sign-in.md.
 */
export function createPasskeys(deps: { db: Database; env: Env; logger: Logger; now: () => Date }) {
  const { db, env, logger, now } = deps;
  const origins = [env.publicOrigin, ...env.partnerOrigins];
  const rpIds = [...new Set(origins.map((origin) => new URL(origin).hostname))];

  /** The relying party a ceremony names: the host it was asked from when it is one of the portal's. */
  const rpIdFor = (requestOrigin: string | undefined) =>
    requestOrigin && origins.includes(requestOrigin)
      ? new URL(requestOrigin).hostname
      : new URL(env.publicOrigin).hostname;

  const summaryOf = (row: typeof passkeys.$inferSelect): Passkey => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  });

  const credentialsOf = async (tx: Transaction | Database, userId: string) =>
    (
      await tx
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    ).map(({ id, transports }) => ({ id, transports: transports as AuthenticatorTransport[] }));

  async function keepChallenge(challenge: string, binding: PasskeyBinding): Promise<void> {
    const createdAt = now();
    await db.transaction(async (tx) => {
      // Challenges never used are kept a day past their end, then swept by a later one.
      await tx
        .delete(passkeyChallenges)
        .where(lt(passkeyChallenges.expiresAt, new Date(createdAt.getTime() - 86_400_000)));
      await tx.insert(passkeyChallenges).values({
        challenge,
        purpose: binding.purpose,
        userId: 'userId' in binding ? binding.userId : null,
        sessionId: 'sessionId' in binding ? binding.sessionId : null,
        bindingHash: 'bindingHash' in binding ? binding.bindingHash : null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + passkeyChallengeSeconds * 1000),
      });
    });
  }

  /** Uses the challenge the browser signed, once, if it was made for this binding and is still good. */
  async function takeChallenge(
    tx: Transaction,
    response: { response: { clientDataJSON: string } },
    binding: PasskeyBinding,
  ): Promise<string> {
    const challenge = challengeOf(response);
    if (!challenge) throw new PasskeyRefused('notRecognised');
    const bound: SQL[] = [eq(passkeyChallenges.purpose, binding.purpose)];
    if ('userId' in binding) bound.push(eq(passkeyChallenges.userId, binding.userId));
    if ('sessionId' in binding) bound.push(eq(passkeyChallenges.sessionId, binding.sessionId));
    if ('bindingHash' in binding) bound.push(eq(passkeyChallenges.bindingHash, binding.bindingHash));
    const [taken] = await tx
      .update(passkeyChallenges)
      .set({ usedAt: now() })
      .where(
        and(
          eq(passkeyChallenges.challenge, challenge),
          isNull(passkeyChallenges.usedAt),
          gt(passkeyChallenges.expiresAt, now()),
          ...bound,
        ),
      )
      .returning({ challenge: passkeyChallenges.challenge });
    if (!taken) throw new PasskeyRefused('expired');
    return challenge;
  }

  /**
   * Verifies a passkey's answer to a challenge of this binding, and keeps its new counter; the
   * passkey's row is locked, so two answers at once are checked one after the other. The account
   * it belongs to, or null when it is not one of the binding's or does not verify (the challenge is
   * used either way: callers let the transaction commit). PasskeyRefused('expired') when the
   * challenge is unknown, used or too old.
   */
  async function verifyAssertion(
    tx: Transaction,
    response: AuthenticationResponseJSON,
    binding: PasskeyBinding,
  ): Promise<{ userId: string; passkeyId: string } | null> {
    const expectedChallenge = await takeChallenge(tx, response, binding);
    const [stored] = await tx.select().from(passkeys).where(eq(passkeys.id, response.id)).for('update');
    if (!stored || ('userId' in binding && stored.userId !== binding.userId)) return null;
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpIds,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
      // Alone, a passkey is both steps only with the person's check (PIN, fingerprint, face).
      requireUserVerification: binding.purpose === 'signIn',
    }).catch(() => null);
    // A counter that went back (a cloned key) fails verification too.
    if (!verification?.verified) return null;
    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    await tx
      .update(passkeys)
      .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: now() })
      .where(eq(passkeys.id, stored.id));
    return { userId: stored.userId, passkeyId: stored.id };
  }

  /** The options of the browser's dialog: the contract's loose object, handed to its library as they are. */
  async function requestOptions(
    binding: PasskeyBinding,
    requestOrigin: string | undefined,
  ): Promise<PasskeyRequestOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rpIdFor(requestOrigin),
      allowCredentials: 'userId' in binding ? await credentialsOf(db, binding.userId) : [],
      userVerification: binding.purpose === 'signIn' ? 'required' : 'preferred',
      timeout: passkeyChallengeSeconds * 1000,
    });
    await keepChallenge(options.challenge, binding);
    return { ...options };
  }

  return {
    requestOptions,
    verifyAssertion,

    /** Whether the account holds a passkey (a second step and a recent sign-in can use one). */
    async hasPasskey(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
      return Boolean(row);
    },

    async list(userId: string): Promise<Passkey[]> {
      const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
      return rows.map(summaryOf);
    },

    /** The options of a new passkey for this session's account; its own passkeys are excluded. */
    async creationOptions(
      account: { userId: string; email: string; sessionId: string },
      requestOrigin: string | undefined,
    ): Promise<PasskeyCreationOptions> {
      const options = await generateRegistrationOptions({
        rpName: env.productName,
        rpID: rpIdFor(requestOrigin),
        userName: account.email,
        // The account's id: opaque, and the same for every passkey, so a device keeps one per account.
        userID: new Uint8Array(Buffer.from(account.userId.replaceAll('-', ''), 'hex')),
        attestationType: 'none',
        excludeCredentials: await credentialsOf(db, account.userId),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        timeout: passkeyChallengeSeconds * 1000,
      });
      await keepChallenge(options.challenge, {
        purpose: 'register',
        userId: account.userId,
        sessionId: account.sessionId,
      });
      return { ...options };
    },

    /**
     * Adds the passkey the browser made for a challenge of this session; at most passkeysPerAccount
     * (the account's row is locked while they are counted). The owner is told by mail.
     */
    async add(
      account: { userId: string; sessionId: string },
      name: string,
      response: RegistrationResponseJSON,
      clientAddress: string,
    ): Promise<Passkey> {
      const added = await db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ email: users.email, locale: users.locale })
          .from(users)
          .where(eq(users.id, account.userId))
          .for('update');
        if (!owner) throw new PasskeyRefused('notFound');
        const expectedChallenge = await takeChallenge(tx, response, { purpose: 'register', ...account });
        const [held] = await tx.select({ held: count() }).from(passkeys).where(eq(passkeys.userId, account.userId));
        if ((held?.held ?? 0) >= passkeysPerAccount) throw new PasskeyRefused('tooMany');
        const verification = await verifyRegistrationResponse({
          response,
          expectedChallenge,
          expectedOrigin: origins,
          expectedRPID: rpIds,
          requireUserVerification: false,
        }).catch(() => null);
        if (!verification?.verified) throw new PasskeyRefused('notRecognised');
        const { credential, credentialBackedUp } = verification.registrationInfo;
        const [row] = await tx
          .insert(passkeys)
          .values({
            id: credential.id,
            userId: account.userId,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            backedUp: credentialBackedUp,
            name,
            createdAt: now(),
          })
          .onConflictDoNothing()
          .returning();
        // The same credential twice: the browser's excludeCredentials should have stopped it.
        if (!row) throw new PasskeyRefused('notRecognised');
        await createOutbox(tx, logger, now).enqueue(
          secondFactorChangedMail(env, storedLocale(owner.locale) ?? 'en', owner.email, {
            kind: 'passkeyAdded',
            passkeyName: name,
          }),
        );
        return row;
      });
      securityEvent(logger, { event: 'passkey.added', clientAddress, userId: account.userId });
      return summaryOf(added);
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      if (!row) throw new PasskeyRefused('notFound');
      return summaryOf(row);
    },

    async remove(userId: string, id: string, clientAddress: string): Promise<void> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      if (!row) throw new PasskeyRefused('notFound');
      securityEvent(logger, { event: 'passkey.removed', clientAddress, userId });
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeys>;

import { and, desc, eq, gt, isNotNull, isNull, lt, ne, type SQL } from 'drizzle-orm';
import { createLocalJWKSet, errors, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { type SecondFactorMethod, SessionClaims } from '../../contract/auth';
import type { Database, DatabaseHandle } from '../db/database';
import { authenticatorApps, sessions, type users } from '../db/schema';
import { createSessionCache } from './session-cache';
import type { KeyRing, KeyStore } from './signing-keys';

export type SessionUser = typeof users.$inferSelect;

export type VerifiedSession = { sessionId: string; claims: SessionClaims };

/** How a session began and where from: what "Your sessions" shows of it. */
export type SessionOrigin = {
  method: 'password' | 'provider' | 'qr' | 'passkey';
  /** The provider's key, for sessions begun through one. */
  provider?: string;
  /** The second step answered, for an account with one (server/services/second-factor). */
  secondFactor?: SecondFactorMethod;
  userAgent: string | null;
  clientAddress: string;
};

const TokenPayload = v.object({
  ...SessionClaims.entries,
  jti: v.string(),
  exp: v.number(),
});

function claimsOf(user: SessionUser, issuedAt: Date): SessionClaims {
  return {
    sub: user.id,
    email: user.email,
    phone: user.phone,
    accountCreated: user.createdAt.toISOString(),
    iat: Math.floor(issuedAt.getTime() / 1000),
    role: user.role,
    idp: user.idp,
  };
}

/**
 * How stale a session's last_active_at may get. Written on every request it would be a database
 * write per request, where verification otherwise costs none (the cache); "Your sessions" only needs
 * to tell sessions in use today from forgotten ones, so a session's activity is written at most once
 * in this period per process (and the write's condition skips it when another process just did).
 */
export const lastActiveResolutionMs = 5 * 60 * 1000;

/** A live session as "Your sessions" lists it (the row's columns the list needs). */
export type LiveSession = Pick<
  typeof sessions.$inferSelect,
  'id' | 'createdAt' | 'lastActiveAt' | 'userAgent' | 'signInMethod' | 'provider' | 'clientAddress'
>;

/** The channel of migration 0007: a session id, whenever a session is revoked or deleted. */
const sessionRevokedChannel = 'session_revoked';

/**
 * Sessions are ES256-signed JWTs backed by a row each: the signature makes them cheap to check,
 * the row makes them revocable (sign-out, password change). A verified token is remembered by this
 * process until it expires or its session is revoked, here or by any process sharing the database
 * (see session-cache.ts and docs/decisions/0003-fast-on-the-wire.md).
 */
export function createSessionService(
  db: Database,
  keys: KeyStore,
  options: { ttlSeconds: number; idleSeconds: number; now: () => Date },
) {
  const idleMs = options.idleSeconds * 1000;
  // About 1 KB an entry (the token and its claims): at most some 10 MB per process.
  const cache = createSessionCache({ maxEntries: 10_000 });
  // Tokens are cached only against the key ring that verified them.
  let cachedRing: KeyRing | undefined;
  const samePublishedKeys = (a: KeyRing, b: KeyRing) =>
    a.published.map((key) => key.kid).join() === b.published.map((key) => key.kid).join();

  // Importing the public keys costs more than verifying with them: once per key ring, not per request.
  const keySets = new WeakMap<KeyRing, ReturnType<typeof createLocalJWKSet>>();
  function keySetOf(ring: KeyRing) {
    let keySet = keySets.get(ring);
    if (!keySet) {
      keySet = createLocalJWKSet({ keys: ring.published });
      keySets.set(ring, keySet);
    }
    return keySet;
  }

  /** Records activity of a session whose recorded activity is older than the resolution. */
  async function touch(sessionId: string, now: Date): Promise<void> {
    const staleBefore = new Date(now.getTime() - lastActiveResolutionMs);
    await db
      .update(sessions)
      .set({ lastActiveAt: now })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastActiveAt, staleBefore)));
  }

  /** Not revoked, not past its lifetime, and used within the idle timeout (issue 21). */
  const isLive = (now: Date) =>
    and(
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      gt(sessions.lastActiveAt, new Date(now.getTime() - idleMs)),
    );

  /** Revokes the live sessions that `which` picks, forgets them in this process's cache; how many. */
  async function revokeLive(which: SQL | undefined): Promise<number> {
    const now = options.now();
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(which, isLive(now)))
      .returning({ id: sessions.id });
    for (const { id } of revoked) cache.forgetSession(id);
    return revoked.length;
  }

  async function hasSecondFactor(userId: string): Promise<boolean> {
    const [app] = await db
      .select({ userId: authenticatorApps.userId })
      .from(authenticatorApps)
      .where(and(eq(authenticatorApps.userId, userId), isNotNull(authenticatorApps.enabledAt)));
    return Boolean(app);
  }

  return {
    async start(user: SessionUser, origin: SessionOrigin): Promise<{ token: string; claims: SessionClaims }> {
      // A QR sign-in is approved by a device signed in with every step the account asks for; a
      // passkey is both steps at once (possession, and the person by the authenticator's check).
      const bothSteps = origin.method === 'qr' || origin.method === 'passkey' || origin.secondFactor !== undefined;
      if (!bothSteps && (await hasSecondFactor(user.id))) {
        throw new Error('An account with two-step sign-in gets a session only once its second step is answered');
      }
      const issuedAt = options.now();
      const expiresAt = new Date(issuedAt.getTime() + options.ttlSeconds * 1000);
      const sessionId = crypto.randomUUID();
      await db.insert(sessions).values({
        id: sessionId,
        userId: user.id,
        createdAt: issuedAt,
        lastActiveAt: issuedAt,
        authenticatedAt: issuedAt,
        expiresAt,
        // Kept bounded: they are shown in "Your sessions", and a client chooses what it sends.
        userAgent: origin.userAgent?.slice(0, 512) ?? null,
        signInMethod: origin.method,
        provider: origin.provider ?? null,
        clientAddress: origin.clientAddress.slice(0, 64),
      });
      const { current } = await keys.keyRing();
      const claims = claimsOf(user, issuedAt);
      const { sub, iat, ...rest } = claims;
      const token = await new SignJWT(rest)
        .setProtectedHeader({ alg: 'ES256', kid: current.kid, typ: 'JWT' })
        .setSubject(sub)
        .setJti(sessionId)
        .setIssuedAt(iat)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(current.privateKey);
      return { token, claims };
    },

    /**
     * A new token for a live session whose account changed (a verified phone): the same session id
     * and expiry, with the account's current claims. The previous token stays valid until it expires.
     */
    async reissue(sessionId: string, user: SessionUser): Promise<{ token: string; claims: SessionClaims } | null> {
      const [session] = await db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, options.now())));
      if (!session) return null;
      const { current } = await keys.keyRing();
      const claims = claimsOf(user, options.now());
      const { sub, iat, ...rest } = claims;
      const token = await new SignJWT(rest)
        .setProtectedHeader({ alg: 'ES256', kid: current.kid, typ: 'JWT' })
        .setSubject(sub)
        .setJti(sessionId)
        .setIssuedAt(iat)
        .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
        .sign(current.privateKey);
      return { token, claims };
    },

    /** The session a token stands for, or null for anything forged, expired, revoked or unknown. */
    async verify(token: string): Promise<VerifiedSession | null> {
      const ring = await keys.keyRing();
      if (ring !== cachedRing) {
        if (cachedRing && !samePublishedKeys(cachedRing, ring)) cache.forgetAll();
        cachedRing = ring;
      }
      const now = options.now();
      const nowMs = now.getTime();
      let cached = cache.get(token, nowMs);
      // Idle as far as this process saw: another process may have seen it used, so ask the database.
      if (cached && nowMs - cached.lastActiveAtMs > idleMs) {
        cache.forgetSession(cached.sessionId);
        cached = undefined;
      }
      if (cached) {
        if (nowMs - cached.lastActiveAtMs >= lastActiveResolutionMs) {
          cached.lastActiveAtMs = nowMs;
          await touch(cached.sessionId, now);
        }
        return { sessionId: cached.sessionId, claims: cached.claims };
      }
      const mark = cache.mark();
      try {
        const { payload } = await jwtVerify(token, keySetOf(ring), {
          algorithms: ['ES256'],
          currentDate: options.now(),
        });
        const parsed = v.safeParse(TokenPayload, payload);
        if (!parsed.success) return null;
        const { jti, exp, ...claims } = parsed.output;
        const [live] = await db
          .select({ lastActiveAt: sessions.lastActiveAt })
          .from(sessions)
          .where(and(eq(sessions.id, jti), isLive(now)))
          .limit(1);
        if (!live) return null;
        let lastActiveAtMs = live.lastActiveAt.getTime();
        if (nowMs - lastActiveAtMs >= lastActiveResolutionMs) {
          await touch(jti, now);
          lastActiveAtMs = nowMs;
        }
        cache.keep(token, { sessionId: jti, claims, expiresAtMs: exp * 1000, lastActiveAtMs }, mark);
        return { sessionId: jti, claims };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },

    /** When the session's person last proved it was them (its sign-in or a recent sign-in); null when gone. */
    async authenticatedAt(sessionId: string): Promise<Date | null> {
      const [row] = await db
        .select({ authenticatedAt: sessions.authenticatedAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isLive(options.now())));
      return row?.authenticatedAt ?? null;
    },

    /** The session's person proved it was them just now (a recent sign-in). */
    async markAuthenticated(sessionId: string): Promise<Date> {
      const at = options.now();
      await db.update(sessions).set({ authenticatedAt: at }).where(eq(sessions.id, sessionId));
      return at;
    },

    async revoke(sessionId: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: options.now() }).where(eq(sessions.id, sessionId));
      cache.forgetSession(sessionId);
    },

    /** A person's live sessions, the most recently active first. */
    async listLive(userId: string): Promise<LiveSession[]> {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastActiveAt: sessions.lastActiveAt,
          userAgent: sessions.userAgent,
          signInMethod: sessions.signInMethod,
          provider: sessions.provider,
          clientAddress: sessions.clientAddress,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isLive(options.now())))
        .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
    },

    /**
     * Revokes one live session of this person; false when there is none with that id (another
     * person's, ended, or unknown), and then nothing changes.
     */
    async revokeOwn(userId: string, sessionId: string): Promise<boolean> {
      return (await revokeLive(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))) > 0;
    },

    /** Revokes every live session of this person but the one kept; how many it revoked. */
    async revokeOthers(userId: string, keepSessionId: string): Promise<number> {
      return revokeLive(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    /**
     * After a transaction that revoked sessions of a user has committed: this process refuses them
     * at once, without waiting for the notification that tells every other process.
     */
    forgetRevokedOf(userId: string): void {
      cache.forgetUser(userId);
    },

    /** Follows revocations made anywhere; until it listens, nothing is cached. */
    followRevocations(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
      return database.listen(sessionRevokedChannel, {
        onNotify: (sessionId) => cache.forgetSession(sessionId),
        onReady: () => cache.listening(),
        onDrop: () => cache.deaf(),
      });
    },

    /** How many verified sessions this process remembers (for tests and diagnostics). */
    get cachedCount(): number {
      return cache.size;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

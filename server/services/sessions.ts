import { and, eq, gt, isNull } from 'drizzle-orm';
import { createLocalJWKSet, errors, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { SessionClaims } from '../../contract/auth';
import type { Database, DatabaseHandle } from '../db/database';
import { sessions, type users } from '../db/schema';
import { createSessionCache } from './session-cache';
import type { KeyRing, KeyStore } from './signing-keys';

export type SessionUser = typeof users.$inferSelect;

export type VerifiedSession = { sessionId: string; claims: SessionClaims };

/** How a session began and where from: what "Your sessions" shows of it. */
export type SessionOrigin = {
  method: 'password' | 'provider' | 'qr';
  /** The provider's key, for sessions begun through one. */
  provider?: string;
  userAgent: string | null;
  clientAddress: string;
};

const TokenPayload = v.object({
  ...SessionClaims.entries,
  jti: v.string(),
  exp: v.number(),
});

export function claimsOf(user: SessionUser, issuedAt: Date): SessionClaims {
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

/** The channel of migration 0007: a session id, whenever a session is revoked or deleted. */
export const sessionRevokedChannel = 'session_revoked';

/**
 * Sessions are ES256-signed JWTs backed by a row each: the signature makes them cheap to check,
 * the row makes them revocable (sign-out, password change). A verified token is remembered by this
 * process until it expires or its session is revoked, here or by any process sharing the database
 * (see session-cache.ts and docs/decisions/0003-fast-on-the-wire.md).
 */
export function createSessionService(db: Database, keys: KeyStore, options: { ttlSeconds: number; now: () => Date }) {
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

  return {
    async start(user: SessionUser, origin: SessionOrigin): Promise<{ token: string; claims: SessionClaims }> {
      const issuedAt = options.now();
      const expiresAt = new Date(issuedAt.getTime() + options.ttlSeconds * 1000);
      const sessionId = crypto.randomUUID();
      await db.insert(sessions).values({
        id: sessionId,
        userId: user.id,
        createdAt: issuedAt,
        lastActiveAt: issuedAt,
        expiresAt,
        userAgent: origin.userAgent,
        signInMethod: origin.method,
        provider: origin.provider ?? null,
        clientAddress: origin.clientAddress,
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

    /** The session a token stands for, or null for anything forged, expired, revoked or unknown. */
    async verify(token: string): Promise<VerifiedSession | null> {
      const ring = await keys.keyRing();
      if (ring !== cachedRing) {
        if (cachedRing && !samePublishedKeys(cachedRing, ring)) cache.forgetAll();
        cachedRing = ring;
      }
      const nowMs = options.now().getTime();
      const cached = cache.get(token, nowMs);
      if (cached) return { sessionId: cached.sessionId, claims: cached.claims };
      const mark = cache.mark();
      try {
        const { payload } = await jwtVerify(token, keySetOf(ring), {
          algorithms: ['ES256'],
          currentDate: options.now(),
        });
        const parsed = v.safeParse(TokenPayload, payload);
        if (!parsed.success) return null;
        const { jti, exp, ...claims } = parsed.output;
        const live = await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.id, jti), isNull(sessions.revokedAt), gt(sessions.expiresAt, options.now())))
          .limit(1);
        if (live.length === 0) return null;
        cache.keep(token, { sessionId: jti, claims, expiresAtMs: exp * 1000 }, mark);
        return { sessionId: jti, claims };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },

    async revoke(sessionId: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: options.now() }).where(eq(sessions.id, sessionId));
      cache.forgetSession(sessionId);
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

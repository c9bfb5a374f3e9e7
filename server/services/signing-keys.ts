import { desc, gt } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../db/database';
import { signingKeys } from '../db/schema';

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK; createdAt: Date };

export type KeyRing = {
  /** The key new sessions are signed with. */
  current: SigningKey;
  /** The public keys that verify a session: the current one and the one before it. */
  published: JWK[];
};

/**
 * Session signing keys live in the database, so every process signs and verifies with the same
 * ones. A key older than the rotation period is replaced; the previous key stays published so the
 * sessions it signed stay valid until they expire.
 */
export function createKeyStore(db: Database, options: { rotationSeconds: number; now: () => Date }) {
  let cached: { ring: KeyRing; loadedAt: number } | undefined;
  // Processes re-read the ring this often, so a rotation done by one is seen by all.
  const cacheMilliseconds = 60_000;

  async function rotateIfDue(): Promise<void> {
    const threshold = new Date(options.now().getTime() - options.rotationSeconds * 1000);
    const fresh = await db
      .select({ kid: signingKeys.kid })
      .from(signingKeys)
      .where(gt(signingKeys.createdAt, threshold))
      .limit(1);
    if (fresh.length > 0) return;
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = crypto.randomUUID();
    await db.insert(signingKeys).values({
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256' },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
      createdAt: options.now(),
    });
  }

  async function load(): Promise<KeyRing> {
    await rotateIfDue();
    const rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(2);
    const [newest] = rows;
    if (!newest) throw new Error('No signing key after rotation');
    return {
      current: {
        kid: newest.kid,
        privateKey: (await importJWK(newest.privateJwk as JWK, 'ES256')) as CryptoKey,
        publicJwk: newest.publicJwk as JWK,
        createdAt: newest.createdAt,
      },
      published: rows.map((row) => row.publicJwk as JWK),
    };
  }

  return {
    async keyRing(): Promise<KeyRing> {
      const nowMs = options.now().getTime();
      if (!cached || nowMs - cached.loadedAt > cacheMilliseconds || nowMs < cached.loadedAt) {
        cached = { ring: await load(), loadedAt: nowMs };
      }
      return cached.ring;
    },
    /** Forget the cached ring (after a rotation in tests, or an operator's forced rotation). */
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;

import { and, desc, gt, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../db/database';
import { signingKeys } from '../db/schema';
import { createKeySealer, type KeyEncryptionKey } from './key-encryption';

type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK; createdAt: Date };

export type KeyRing = {
  /** The key new sessions are signed with. */
  current: SigningKey;
  /** The public keys that verify a session: the current one and the one before it. */
  published: JWK[];
};

/** How many keys the JWKS publishes: the current one and the one before it. */
const publishedKeys = 2;

/** The row a sealed private key belongs to: its ciphertext opens only there. */
const sealedRow = (kid: string) => `signing_keys/${kid}`;

/**
 * Session signing keys live in the database, so every process signs and verifies with the same
 * ones. A key older than the rotation period is replaced; the previous key stays published so the
 * sessions it signed stay valid until they expire. Private keys are stored encrypted with the
 * key-encryption key, and only the current one is kept: a key that no longer signs loses its
 * private half at the rotation, and its public half once it is no longer published.
 */
export function createKeyStore(
  db: Database,
  options: { rotationSeconds: number; now: () => Date; keyEncryptionKey: KeyEncryptionKey | null },
) {
  const sealer = createKeySealer(options.keyEncryptionKey);
  let cached: { ring: KeyRing; loadedAt: number } | undefined;
  // Processes re-read the ring this often, so a rotation done by one is seen by all.
  const cacheMilliseconds = 60_000;

  async function rotateIfDue(): Promise<void> {
    const threshold = new Date(options.now().getTime() - options.rotationSeconds * 1000);
    await db.transaction(async (tx) => {
      // Processes that start (or find the key old) together take turns: the first makes the key,
      // the others find it fresh. Without the lock each would make one and unseal the others'.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('signing-key-rotation'))`);
      const fresh = await tx
        .select({ kid: signingKeys.kid })
        .from(signingKeys)
        .where(and(gt(signingKeys.createdAt, threshold), isNotNull(signingKeys.sealedPrivateJwk)))
        .limit(1);
      if (fresh.length > 0) return;
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      const kid = crypto.randomUUID();
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
      await tx.insert(signingKeys).values({
        kid,
        sealedPrivateJwk: sealer.seal(JSON.stringify(privateJwk), sealedRow(kid)),
        kekId: sealer.keyId,
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
        createdAt: options.now(),
      });
      await tx
        .update(signingKeys)
        .set({ sealedPrivateJwk: null, kekId: null })
        .where(and(ne(signingKeys.kid, kid), isNotNull(signingKeys.sealedPrivateJwk)));
      const stillPublished = tx
        .select({ kid: signingKeys.kid })
        .from(signingKeys)
        .orderBy(desc(signingKeys.createdAt))
        .limit(publishedKeys);
      await tx.delete(signingKeys).where(notInArray(signingKeys.kid, stillPublished));
    });
  }

  async function load(): Promise<KeyRing> {
    await rotateIfDue();
    const rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(publishedKeys);
    const [newest] = rows;
    if (!newest?.sealedPrivateJwk || !newest.kekId) throw new Error('No signing key after rotation');
    const privateJwk = sealer.open(
      { sealed: newest.sealedPrivateJwk, kekId: newest.kekId },
      sealedRow(newest.kid),
      `Signing key ${newest.kid}`,
    );
    return {
      current: {
        kid: newest.kid,
        privateKey: (await importJWK(JSON.parse(privateJwk) as JWK, 'ES256')) as CryptoKey,
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

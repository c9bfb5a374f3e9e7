// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrate, openDatabase } from '../../server/db/database';
import { botCheckKeys, signingKeys } from '../../server/db/schema';
import { parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { createServices } from '../../server/services/index';
import {
  createKeySealer,
  generateKeyEncryptionKey,
  KeyEncryptionError,
  type KeyEncryptionKey,
  keptKeyEncryptionKey,
  parseKeyEncryptionKey,
} from '../../server/services/key-encryption';
import {
  configurationRefusal,
  startTestPortal,
  type TestPortal,
  testBillingWebhookSecret,
  testKeyEncryptionKey,
} from './support';

/**
 * Key material at rest (issue 21): signing keys and the ALTCHA key are stored encrypted with
 * KEY_ENCRYPTION_KEY, bound to their row, and a private key is kept only while it signs.
 */

const email = 'keys@example.com';
const password = 'a long enough secret';
const rotationMs = 30 * 86_400_000;

function parsedKey(text: string): KeyEncryptionKey {
  const key = parseKeyEncryptionKey(text);
  if (!key) throw new Error(`not a key-encryption key: ${text}`);
  return key;
}

const testKey = parsedKey(testKeyEncryptionKey);
const sealer = createKeySealer(testKey);

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal({ BOT_CHECK: 'altcha' });
  await portal.createUser(email, password);
});
afterAll(() => portal.close());

async function signingKeyRows() {
  return portal.db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
}

/** The signing key that signs now (made at the first sign-in). */
async function currentKid(): Promise<string> {
  await portal.signIn(email, password);
  const [newest] = await signingKeyRows();
  if (!newest) throw new Error('no signing key');
  return newest.kid;
}

/** The private JWK of a key that still has one, decrypted as the portal does. */
async function privateJwkOf(kid: string): Promise<JWK> {
  const [row] = await portal.db.select().from(signingKeys).where(eq(signingKeys.kid, kid));
  if (!row?.sealedPrivateJwk || !row.kekId) throw new Error(`signing key ${kid} has no private key`);
  return JSON.parse(sealer.open({ sealed: row.sealedPrivateJwk, kekId: row.kekId }, `signing_keys/${kid}`, kid));
}

/** Moves the clock past the rotation period and signs in: a new key signs. Returns its kid. */
async function rotate(): Promise<string> {
  portal.clock.current = new Date(portal.clock.current.getTime() + rotationMs + 60_000);
  portal.services.keys.invalidate();
  return currentKid();
}

async function publishedKids(): Promise<string[]> {
  const keys = (await portal.request('/.well-known/jwks.json')).json.keys as Array<{ kid: string }>;
  return keys.map((key) => key.kid).sort();
}

/** Every row of every table of the portal's database, as text. */
async function databaseText(database: DatabaseHandle): Promise<string> {
  const tables = await database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['signing_keys', 'bot_check_keys']));
  const rows = await Promise.all(
    tables.map(({ name }) => database.query<{ row: string }>(`select t::text as row from "${name}" t`)),
  );
  return rows
    .flat()
    .map((row) => row.row)
    .join('\n');
}

/** The ALTCHA key as the portal uses it, decrypted from its row. */
async function altchaKey(): Promise<string> {
  const [row] = await portal.db.select().from(botCheckKeys);
  if (!row) throw new Error('no ALTCHA key stored');
  return sealer.open({ sealed: row.sealedSecret, kekId: row.kekId }, `bot_check_keys/${row.name}`, row.name);
}

/** Another process of the portal on the same database, with its own services (and caches). */
function anotherProcess(keyEncryptionKey: KeyEncryptionKey | null = testKey) {
  return createServices({
    database: portal.database,
    env: { ...portal.env, keyEncryptionKey },
    logger: createLogger('silent'),
    now: () => portal.clock.current,
  });
}

describe('key material at rest', () => {
  it('keeps no private signing key and no ALTCHA key in clear, in any table, across a rotation', async () => {
    const first = await currentKid();
    expect((await portal.request('/api/bot-check/challenge')).status).toBe(200);
    const firstD = (await privateJwkOf(first)).d;
    const second = await rotate();
    const secondD = (await privateJwkOf(second)).d;
    const secrets = [firstD, secondD, await altchaKey()];
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length >= 32)).toBe(true);

    const text = await databaseText(portal.database);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"d"\s*:/);

    const [sealedKey] = (await signingKeyRows()).filter((row) => row.sealedPrivateJwk !== null);
    expect(sealedKey).toMatchObject({
      kid: second,
      kekId: testKey.id,
      sealedPrivateJwk: expect.stringMatching(/^v1\./),
    });
    expect(await portal.db.select().from(botCheckKeys)).toEqual([
      expect.objectContaining({ kekId: testKey.id, sealedSecret: expect.stringMatching(/^v1\./) }),
    ]);
  });

  it('deletes a private key once it no longer signs, and the whole key once it is no longer published', async () => {
    const older = await currentKid();
    const previous = await rotate();
    expect(await publishedKids()).toEqual([older, previous].sort());
    expect((await signingKeyRows()).find((row) => row.kid === older)).toMatchObject({
      sealedPrivateJwk: null,
      kekId: null,
    });

    const current = await rotate();
    expect(await publishedKids()).toEqual([previous, current].sort());
    const rows = await signingKeyRows();
    expect(rows.map((row) => row.kid)).toEqual([current, previous]);
    expect(rows.map((row) => row.sealedPrivateJwk !== null)).toEqual([true, false]);
  });

  it('opens a stored key only in its own row: a ciphertext moved to another row does not decrypt', async () => {
    const before = await currentKid();
    const [beforeRow] = await portal.db.select().from(signingKeys).where(eq(signingKeys.kid, before));
    const after = await rotate();
    const [afterRow] = await portal.db.select().from(signingKeys).where(eq(signingKeys.kid, after));
    if (!beforeRow?.sealedPrivateJwk || !afterRow?.sealedPrivateJwk) throw new Error('keys not sealed');
    try {
      await portal.db
        .update(signingKeys)
        .set({ sealedPrivateJwk: beforeRow.sealedPrivateJwk })
        .where(eq(signingKeys.kid, after));
      const moved = anotherProcess().keys.keyRing();
      await expect(moved).rejects.toThrow(KeyEncryptionError);
      await expect(moved).rejects.toThrow(
        `Signing key ${after} could not be decrypted: it was altered, or copied from another row`,
      );
    } finally {
      await portal.db
        .update(signingKeys)
        .set({ sealedPrivateJwk: afterRow.sealedPrivateJwk })
        .where(eq(signingKeys.kid, after));
    }
    await expect(anotherProcess().keys.keyRing()).resolves.toMatchObject({ current: { kid: after } });

    // The ALTCHA key's row, given a signing key's ciphertext, refuses it too.
    const [altchaRow] = await portal.db.select().from(botCheckKeys);
    if (!altchaRow) throw new Error('no ALTCHA key stored');
    try {
      await portal.db.update(botCheckKeys).set({ sealedSecret: afterRow.sealedPrivateJwk });
      await expect(anotherProcess().botCheck.challenge()).rejects.toThrow(
        'The bot-check key altcha-hmac could not be decrypted: it was altered, or copied from another row',
      );
    } finally {
      await portal.db.update(botCheckKeys).set({ sealedSecret: altchaRow.sealedSecret });
    }
    await expect(anotherProcess().botCheck.challenge()).resolves.toMatchObject({ parameters: expect.any(Object) });
  });

  it('refuses, naming KEY_ENCRYPTION_KEY and both key ids, to start with another key-encryption key', async () => {
    const kid = await currentKid();
    const other = generateKeyEncryptionKey();
    const wrong = anotherProcess(other);
    const refusal = `is encrypted with key-encryption key ${testKey.id}, but KEY_ENCRYPTION_KEY is key ${other.id}: start with the KEY_ENCRYPTION_KEY it was encrypted with`;
    await expect(wrong.keys.keyRing()).rejects.toThrow(KeyEncryptionError);
    await expect(wrong.keys.keyRing()).rejects.toThrow(`Signing key ${kid} ${refusal}`);
    await expect(wrong.botCheck.challenge()).rejects.toThrow(`The bot-check key altcha-hmac ${refusal}`);
    // Nothing was rotated or replaced on the way.
    expect((await signingKeyRows())[0]?.kid).toBe(kid);
  });

  it('tells a value encrypted with another key-encryption key from an altered one', () => {
    const stored = { sealed: sealer.seal('secret', 'some_table/row'), kekId: testKey.id };
    expect(sealer.open(stored, 'some_table/row', 'The key')).toBe('secret');
    expect(() => createKeySealer(generateKeyEncryptionKey()).open(stored, 'some_table/row', 'The key')).toThrow(
      /^The key is encrypted with key-encryption key/,
    );
    const flipped = `${stored.sealed.slice(0, -2)}${stored.sealed.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => sealer.open({ ...stored, sealed: flipped }, 'some_table/row', 'The key')).toThrow(
      'The key could not be decrypted',
    );
    expect(() => sealer.open({ ...stored, sealed: 'secret' }, 'some_table/row', 'The key')).toThrow(
      'The key is not in the encrypted format v1',
    );
    // A fresh IV each time: the same key sealed twice gives two values.
    expect(sealer.seal('secret', 'some_table/row')).not.toBe(stored.sealed);
  });
});

describe('KEY_ENCRYPTION_KEY', () => {
  const production = {
    APP_ENV: 'production',
    PUBLIC_ORIGIN: 'https://portal.example.com',
    BILLING_WEBHOOK_SECRET: testBillingWebhookSecret,
  };

  it('is required in production, and production refuses to start without it', () => {
    expect(configurationRefusal(production)).toBe(
      'Invalid configuration:\n  KEY_ENCRYPTION_KEY: is required when APP_ENV=production (it encrypts the signing and bot-check keys kept in the database): 32 random bytes in base64, for example: openssl rand -base64 32',
    );
    expect(parseEnv({ ...production, KEY_ENCRYPTION_KEY: testKeyEncryptionKey }).keyEncryptionKey?.id).toBe(testKey.id);
  });

  it('may be unset outside production (the start-up supplies one)', () => {
    expect(parseEnv({}).keyEncryptionKey).toBeNull();
  });

  it('shows its id, never its bytes, when the configuration is logged or serialised', () => {
    const env = parseEnv({ KEY_ENCRYPTION_KEY: testKeyEncryptionKey });
    const serialised = JSON.stringify(env);
    expect(serialised).toContain(`"keyEncryptionKey":{"id":"${testKey.id}"}`);
    expect(serialised).not.toContain(testKeyEncryptionKey.replace(/=+$/, ''));
    expect(serialised).not.toContain(testKey.bytes.toString('hex'));
  });

  it('is 32 bytes in base64 or base64url, padded or not; anything else is refused, naming it', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, index) => 250 - index));
    const id = parsedKey(bytes.toString('base64')).id;
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    for (const text of [
      bytes.toString('base64'),
      bytes.toString('base64').replace(/=$/, ''),
      bytes.toString('base64url'),
      ` ${bytes.toString('base64url')}=\n`,
    ]) {
      const key = parseEnv({ KEY_ENCRYPTION_KEY: text }).keyEncryptionKey;
      expect(key?.id, text).toBe(id);
      expect(key?.bytes.equals(bytes), text).toBe(true);
    }
    for (const text of [
      'short',
      bytes.toString('hex'),
      Buffer.concat([bytes, Buffer.from([1])]).toString('base64'),
      bytes.subarray(1).toString('base64'),
      // A last character whose unused bits are not zero: a typo, not this key.
      `${bytes.toString('base64url').slice(0, -1)}${bytes.toString('base64url').endsWith('B') ? 'C' : 'B'}`,
      // Both alphabets at once.
      `+-${'A'.repeat(41)}`,
      'x'.repeat(44),
    ]) {
      const message = configurationRefusal({ KEY_ENCRYPTION_KEY: text });
      expect(message, text).toBe(
        'Invalid configuration:\n  KEY_ENCRYPTION_KEY: must be 32 random bytes in base64 or base64url, 43 or 44 characters (for example: openssl rand -base64 32)',
      );
      expect(message).not.toContain(text.trim());
    }
  });
});

describe('the development key kept in data/', () => {
  it('is generated once, readable by its owner only, and the same at every start', () => {
    const directory = mkdtempSync(join(tmpdir(), 'portal-kek-'));
    try {
      const path = join(directory, 'data', 'key-encryption-key');
      const first = keptKeyEncryptionKey(path);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(parsedKey(readFileSync(path, 'utf8')).bytes.equals(first.bytes)).toBe(true);
      const again = keptKeyEncryptionKey(path);
      expect(again.id).toBe(first.id);
      expect(again.bytes.equals(first.bytes)).toBe(true);

      writeFileSync(path, 'not a key\n');
      expect(() => keptKeyEncryptionKey(path)).toThrow(
        `${path} does not hold a key-encryption key (32 bytes in base64); restore it, or delete it together with the database it protects`,
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('keys stored in clear before the upgrade (migration 0025)', () => {
  it('are retired: private halves dropped, the newest two public keys still published, a new key signs', async () => {
    const database = await openDatabase({ url: 'memory://' });
    try {
      // The schema as it was before: every migration up to 0025, then keys stored in clear.
      await database.query(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const name of readdirSync('server/db/migrations')
        .filter((file) => file < '0025')
        .sort()) {
        await database.runScriptsInTransaction([
          readFileSync(join('server/db/migrations', name), 'utf8'),
          `insert into schema_migrations (name) values ('${name}')`,
        ]);
      }
      const start = portal.clock.current.getTime();
      const clearKeys: Array<{ kid: string; d: string }> = [];
      for (const [index, kid] of ['oldest', 'previous', 'current'].entries()) {
        const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
        const privateJwk = await exportJWK(privateKey);
        clearKeys.push({ kid, d: privateJwk.d ?? '' });
        await database.query(
          'insert into signing_keys (kid, private_jwk, public_jwk, created_at) values ($1, $2, $3, $4)',
          [kid, privateJwk, { ...(await exportJWK(publicKey)), kid }, new Date(start - (3 - index) * 86_400_000)],
        );
      }
      await database.query("insert into bot_check_keys (name, secret) values ('altcha-hmac', $1)", ['a'.repeat(64)]);

      expect(await migrate(database)).toContain('0025_key_encryption.sql');
      const text = await databaseText(database);
      for (const { d } of clearKeys) expect(text).not.toContain(d);
      expect(text).not.toContain('a'.repeat(64));
      expect(await database.query('select * from bot_check_keys')).toEqual([]);

      const services = createServices({
        database,
        env: { ...portal.env, keyEncryptionKey: testKey },
        logger: createLogger('silent'),
        now: () => new Date(start),
      });
      const ring = await services.keys.keyRing();
      expect(['oldest', 'previous', 'current']).not.toContain(ring.current.kid);
      expect(ring.published.map((key) => key.kid)).toEqual([ring.current.kid, 'current']);
      const rows = await database.query<{ kid: string; sealed: boolean }>(
        'select kid, sealed_private_jwk is not null as sealed from signing_keys order by created_at',
      );
      expect(rows).toEqual([
        { kid: 'current', sealed: false },
        { kid: ring.current.kid, sealed: true },
      ]);
    } finally {
      await database.close();
    }
  });
});

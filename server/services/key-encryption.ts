import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The key-encryption key (KEY_ENCRYPTION_KEY): the key material the portal keeps in its database
 * (session signing keys, the ALTCHA key) is stored under it with AES-256-GCM. Its id is stored
 * beside each encrypted value, so a value sealed under another key is told apart (and named)
 * rather than failing as if it were damaged. Never logged.
 */
export type KeyEncryptionKey = { id: string; bytes: Buffer };

/** Where a development start keeps its generated key, beside the embedded database (data/pglite). */
export const developmentKeyEncryptionKeyFile = 'data/key-encryption-key';

/** The format of a stored value: `v1.` then base64url(iv ‖ ciphertext ‖ tag). */
const sealedPrefix = 'v1.';
const ivBytes = 12;
const tagBytes = 16;
const keyBytes = 32;

/** A value that cannot be decrypted: sealed under another key, altered, or moved from another row. */
export class KeyEncryptionError extends Error {
  override name = 'KeyEncryptionError';
}

function keyEncryptionKeyOf(bytes: Buffer): KeyEncryptionKey {
  if (bytes.length !== keyBytes) throw new Error(`A key-encryption key has ${keyBytes} bytes, not ${bytes.length}`);
  const key = { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8) };
  // Not enumerable: a log line or a JSON dump of the configuration shows the id, never the key.
  return Object.defineProperty(key, 'bytes', { value: bytes, enumerable: false }) as KeyEncryptionKey;
}

/**
 * KEY_ENCRYPTION_KEY's text: 32 bytes in base64 or base64url (padded or not), written canonically,
 * so a typo or a key of another length is refused rather than silently read as other bytes.
 */
export function parseKeyEncryptionKey(text: string): KeyEncryptionKey | null {
  const trimmed = text.trim();
  const alphabet = /^[A-Za-z0-9+/]{43}=?$/.test(trimmed)
    ? 'base64'
    : /^[A-Za-z0-9_-]{43}=?$/.test(trimmed)
      ? 'base64url'
      : null;
  if (!alphabet) return null;
  const bytes = Buffer.from(trimmed, alphabet);
  const canonical = bytes.toString(alphabet).replace(/=+$/, '');
  if (bytes.length !== keyBytes || canonical !== trimmed.replace(/=+$/, '')) return null;
  return keyEncryptionKeyOf(bytes);
}

export function generateKeyEncryptionKey(): KeyEncryptionKey {
  return keyEncryptionKeyOf(randomBytes(keyBytes));
}

let processKey: KeyEncryptionKey | undefined;

/**
 * The key of a process started without one (tests, memory databases, benchmarks): random, and the
 * same for every service of the process. What it seals does not outlive the process's database.
 */
function processKeyEncryptionKey(): KeyEncryptionKey {
  processKey ??= generateKeyEncryptionKey();
  return processKey;
}

/**
 * A development start without KEY_ENCRYPTION_KEY: the key kept in `path`, generated on the first
 * start. Two processes starting at once agree: only one can create the file.
 */
export function keptKeyEncryptionKey(path: string = developmentKeyEncryptionKeyFile): KeyEncryptionKey {
  const read = (): KeyEncryptionKey => {
    const key = parseKeyEncryptionKey(readFileSync(path, 'utf8'));
    if (!key) {
      throw new KeyEncryptionError(
        `${path} does not hold a key-encryption key (32 bytes in base64); restore it, or delete it together with the database it protects`,
      );
    }
    return key;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = generateKeyEncryptionKey();
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${key.bytes.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  }
}

export type KeySealer = {
  /** The id stored beside every value this sealer seals (column `kek_id`). */
  keyId: string;
  /** Encrypts `plaintext` bound to `row` (the row's identity), so it opens only as that row's value. */
  seal(plaintext: string, row: string): string;
  /** Decrypts a stored value; `what` names it in the error (never the value). */
  open(stored: { sealed: string; kekId: string }, row: string, what: string): string;
};

/** Seals and opens stored key material with `key`, or with the process's own key when none is set. */
export function createKeySealer(key: KeyEncryptionKey | null): KeySealer {
  const kek = key ?? processKeyEncryptionKey();
  return {
    keyId: kek.id,
    seal(plaintext, row) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', kek.bytes, iv);
      cipher.setAAD(Buffer.from(row, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return sealedPrefix + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
    },
    open({ sealed, kekId }, row, what) {
      if (kekId !== kek.id) {
        throw new KeyEncryptionError(
          `${what} is encrypted with key-encryption key ${kekId}, but KEY_ENCRYPTION_KEY is key ${kek.id}: start with the KEY_ENCRYPTION_KEY it was encrypted with`,
        );
      }
      const blob = sealed.startsWith(sealedPrefix) ? Buffer.from(sealed.slice(sealedPrefix.length), 'base64url') : null;
      if (!blob || blob.length < ivBytes + tagBytes) {
        throw new KeyEncryptionError(`${what} is not in the encrypted format ${sealedPrefix.slice(0, -1)}`);
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', kek.bytes, blob.subarray(0, ivBytes), {
          authTagLength: tagBytes,
        });
        decipher.setAAD(Buffer.from(row, 'utf8'));
        decipher.setAuthTag(blob.subarray(blob.length - tagBytes));
        return Buffer.concat([
          decipher.update(blob.subarray(ivBytes, blob.length - tagBytes)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new KeyEncryptionError(`${what} could not be decrypted: it was altered, or copied from another row`);
      }
    },
  };
}

import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's parameters: 19 MiB, 2 passes, 1 lane.
const argon2Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown account, or one that
 * signs in only through a provider) a dummy hash is checked instead, so the answer takes as long
 * and reveals nothing.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy password that never matches');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's parameters: 19 MiB, 2 passes, 1 lane.
const argon2Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * At most one argon2 computation per core. Each one works through 19 MiB of memory; more at once
 * than there are cores only fight over the caches (measured on 2 cores: 179 verifications a second
 * two at a time, 143 four at a time, libuv's default), and hold the memory of all of them.
 */
const argon2Slots = createSlots(availableParallelism());

function createSlots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}

export function hashPassword(password: string): Promise<string> {
  return argon2Slots(() => hash(password, argon2Options));
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
    const dummy = await dummyHash;
    await argon2Slots(() => verify(dummy, password));
    return false;
  }
  try {
    return await argon2Slots(() => verify(storedHash, password));
  } catch {
    return false;
  }
}

let commonPasswords: Set<string> | undefined;

/**
 * The 5,000 most common passwords of 8 characters or more, lowercased (server/data: from the OWASP
 * SecLists "10 million passwords" list, CC BY-SA 3.0). Case does not make a common password rare.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('../data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}

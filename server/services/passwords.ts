import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { commonRefusals } from './refusal';

// argon2id (the library's default algorithm) with OWASP's parameters: 19 MiB, 2 passes, 1 lane.
const argon2Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * How much argon2 work may be under way at once. Each computation works through 19 MiB of memory
 * on a thread of libuv's pool (4 threads unless UV_THREADPOOL_SIZE says otherwise, shared with file
 * reads and compression). More running at once than there are cores only fight over the caches
 * (measured on 2 cores: 179 verifications a second two at a time, 143 four at a time), and more than
 * the pool's threads would queue inside libuv, out of sight. The waiting line is bounded in length
 * (64 drain in well under a second at that rate) and in time: beyond either, the call is refused
 * with a 503 and Retry-After, so a burst of sign-ins is answered at once instead of waiting without
 * end (issue 21).
 */
export const argon2Limits = {
  running: Math.min(availableParallelism(), 4),
  waiting: 64,
  waitMs: 5000,
} satisfies WorkGateLimits;

export type WorkGateLimits = {
  /** Works running at once. */
  running: number;
  /** Works waiting for a place; one more is refused at once. */
  waiting: number;
  /** How long a work may wait for a place before it is refused. */
  waitMs: number;
};

/**
 * A bounded gate: at most `running` works at once, at most `waiting` in line (first come, first
 * served), each for at most `waitMs`. A refused work throws the 503 `serviceBusy` failure.
 */
export function createWorkGate({ running, waiting, waitMs }: WorkGateLimits) {
  let busy = 0;
  const line: (() => void)[] = [];

  function waitForPlace(): Promise<void> {
    return new Promise((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.splice(line.indexOf(admit), 1);
        reject(commonRefusals.serviceBusy());
      }, waitMs);
      line.push(admit);
    });
  }

  return async function throughGate<T>(work: () => Promise<T>): Promise<T> {
    if (busy < running) busy += 1;
    else if (line.length < waiting) await waitForPlace();
    else throw commonRefusals.serviceBusy();
    try {
      return await work();
    } finally {
      // The place passes straight to the first in line, so a newcomer cannot jump the queue.
      const next = line.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}

const argon2Gate = createWorkGate(argon2Limits);

/** Throws the 503 `serviceBusy` failure when too many hashes and checks are under way. */
export function hashPassword(password: string): Promise<string> {
  return argon2Gate(() => hash(password, argon2Options));
}

/**
 * An argon2id hash, with the parameters above, of a random secret that was thrown away. Checking a
 * password against it costs what a real check costs; it is a constant, so no first call has to
 * compute it (and a refused first call cannot leave a failure behind for every later one).
 */
const dummyHash = '$argon2id$v=19$m=19456,t=2,p=1$Xlv6NJ6Ot/+3KeD3vRQl3Q$0vG5o+RSKaQzlD3dusrBUdkv1L3VDMPeiagrMrtcWhs';

/**
 * Checks a password against a stored hash. Without a stored hash (unknown account, or one that
 * signs in only through a provider) a dummy hash is checked instead, so the answer takes as long
 * and reveals nothing. A stored hash that cannot be read matches nothing; a full gate is not a wrong
 * password, so its 503 `serviceBusy` failure is thrown, never answered as `false`.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  const matches = await argon2Gate(async () => {
    try {
      return await verify(storedHash || dummyHash, password);
    } catch {
      return false;
    }
  });
  return Boolean(storedHash) && matches;
}

let commonPasswords: Set<string> | undefined;

/**
 * The 5,000 most common passwords of 8 characters or more, lowercased (server/data: from the OWASP
 * SecLists "10 million passwords" list, CC BY-SA 3.0). Case does not make a common password rare.
 */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('../data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** The rule of every password a person chooses (sign-up, reset, change, a first password): not a common one. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw commonRefusals.passwordTooCommon();
}

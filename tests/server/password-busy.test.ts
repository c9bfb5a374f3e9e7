// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { rateLimits } from '../../server/db/schema';
import { argon2Limits } from '../../server/services/passwords';
import { signInLimits } from '../../server/services/sign-in';
import { clientAddresses, startTestPortal, type TestPortal } from './support';

/**
 * A full argon2 gate over HTTP (issue 21): every check is held until the test lets it go, so the
 * gate fills exactly; what arrives beyond its line is answered 503 with Retry-After at once.
 */

const held = vi.hoisted(() => ({ releases: [] as (() => void)[] }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: async (...args: Parameters<typeof argon2.verify>) => {
      await new Promise<void>((release) => held.releases.push(release));
      return argon2.verify(...args);
    },
  };
});

let portal: TestPortal;
const client = clientAddresses();

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

describe('sign-ins beyond the argon2 line', () => {
  it('are answered 503 with Retry-After at once; the ones admitted are answered once their turn comes', async () => {
    const admitted = argon2Limits.running + argon2Limits.waiting;
    const beyond = 8;
    const answers: { status: number; json: Record<string, unknown>; headers: Headers }[] = [];
    const requests = Array.from({ length: admitted + beyond }, (_, index) =>
      portal
        .request(api.login, {
          json: { email: `nobody${index}@busy.test`, password: 'a guess of a password' },
          address: client(),
        })
        .then((answer) => {
          answers.push(answer);
          return answer;
        }),
    );

    // Nothing is let go yet: only the refused are answered.
    await vi.waitFor(() => expect(answers).toHaveLength(beyond), { timeout: 10_000 });
    expect(held.releases).toHaveLength(argon2Limits.running);
    for (const refused of answers) {
      expect(refused.status).toBe(503);
      expect(refused.json).toEqual({
        error: ErrorCode.serviceBusy,
        message: 'The service is busy. Please try again in a moment.',
      });
      expect(refused.headers.get('retry-after')).toBe('1');
    }

    // Let every held check go, as they come: the admitted are then answered as usual.
    const releasing = setInterval(() => {
      for (const release of held.releases.splice(0)) release();
    }, 5);
    try {
      const all = await Promise.all(requests);
      expect(all.filter((answer) => answer.status === 401)).toHaveLength(admitted);
    } finally {
      clearInterval(releasing);
    }
    // A busy answer gave its sign-in tries back: only the admitted wrong passwords count.
    const counted = (await portal.db.select().from(rateLimits)).filter(
      (row) => row.key.startsWith(`${signInLimits.perAccount.name}:`) && row.count > 0,
    );
    expect(counted).toHaveLength(admitted);
  });
});

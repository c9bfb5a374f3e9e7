// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { clientAddresses, startTestPortal, type TestPortal } from './support';

/**
 * Two finalizations of one sign-up at once (a double submit, two tabs): one account, one 201, and
 * for the other a clean refusal, never a 500. The loser is refused as `email_taken` (409) when it
 * reached the insert, or `code_expired` (400) when the winner had already used the code up.
 */

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

const client = clientAddresses();

async function codeFor(email: string): Promise<string> {
  const created = await portal.request('/api/account/create-pending-account', { json: { email }, address: client() });
  expect(created.status).toBe(200);
  return portal.codeMailedTo(email);
}

const finalize = (email: string, code: string, password: string) =>
  portal.request('/api/account/finalize-account-creation-request', {
    json: { email, verificationCode: code, password },
    address: client(),
  });

describe('finalizing one sign-up twice at once', () => {
  it.each([1, 2, 3, 4, 5])('creates one account and refuses the other cleanly (round %i)', async (round) => {
    const email = `racer.${round}@example.com`;
    const code = await codeFor(email);
    const answers = await Promise.all([
      finalize(email, code, 'first tab secret'),
      finalize(email, code, 'second tab secret'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    const loser = answers.find((answer) => answer.status !== 201);
    expect(loser).toBeDefined();
    if (loser?.status === 409) expect(loser.json.error).toBe('email_taken');
    else
      expect(loser?.json).toEqual({
        error: 'code_expired',
        message: 'This code no longer works. Please ask for a new one.',
      });

    expect(await portal.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(portal.logLines.join('')).not.toContain('unhandled error');
    // The account works with the password of the request that won.
    const winner = answers.findIndex((answer) => answer.status === 201);
    await portal.signIn(email, winner === 0 ? 'first tab secret' : 'second tab secret');
  });
});

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodeMaxAttempts } from '../../contract/account-creation';
import { api } from '../../contract/api';
import { signInLimits } from '../../server/services/sign-in';
import { clientAddresses, startTestPortal, type TestPortal } from './support';

/**
 * Limits are taken before the work they guard, in one statement the database serialises, so a
 * burst sent at once cannot pass them: of forty guesses, only as many as the limit allows are
 * compared at all (issue 21). Before, each request checked first and counted afterwards, and all
 * forty were compared.
 */

let portal: TestPortal;
const password = 'the right password';
const client = clientAddresses();
const burst = 40;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

const signIn = (email: string, candidate: string) =>
  portal.request(api.login, { json: { email, password: candidate }, address: client() });

/** How many answers had each status. */
function statusCounts(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('forty wrong passwords for one account, sent at once', () => {
  it('get at most the limit of "wrong password" answers; the rest are 429 with Retry-After', async () => {
    await portal.createUser('burst.target@example.com', password);
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) => signIn('burst.target@example.com', `guess ${index}`)),
    );
    expect(statusCounts(answers)).toEqual({
      401: signInLimits.perAccount.limit,
      429: burst - signInLimits.perAccount.limit,
    });
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.json.error).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The right password now waits for the window too: the guesses were counted, not just compared.
    expect((await signIn('burst.target@example.com', password)).status).toBe(429);
  });

  it('only failures count: a right password gives its try back', async () => {
    await portal.createUser('refunded@example.com', password);
    for (let index = 1; index < signInLimits.perAccount.limit; index += 1) {
      expect((await signIn('refunded@example.com', `typo ${index}`)).status).toBe(401);
    }
    expect((await signIn('refunded@example.com', password)).status).toBe(200);
    expect((await signIn('refunded@example.com', 'one more typo')).status).toBe(401);
    expect((await signIn('refunded@example.com', 'and another')).status).toBe(429);
  });
});

describe('forty wrong sign-up codes, sent at once', () => {
  it('are compared five times at most, and leave the code void, a right one sent with them too', async () => {
    const email = 'burst.signup@example.com';
    const created = await portal.request(api.createPendingAccount, { json: { email }, address: client() });
    expect(created.status).toBe(200);
    const code = await portal.codeMailedTo(email);
    const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
    const validate = (verificationCode: string) =>
      portal.request(`${api.validateAccountCreation}?${new URLSearchParams({ email, verificationCode })}`, {
        address: client(),
      });
    // The right code goes last: it arrives when the wrong ones have used up the tries, and is not
    // compared at all (before, every request read the code first and the right one got in).
    const answers = await Promise.all([
      ...Array.from({ length: burst }, (_, index) => validate(wrong(index))),
      validate(code),
    ]);
    const right = answers.pop();
    expect(right?.json.error).toBe('code_expired');
    const errors = answers.map((answer) => answer.json.error);
    // Four "wrong code" answers; the fifth wrong try voids the code, and every later one finds none.
    expect(errors.filter((error) => error === 'invalid_code')).toHaveLength(verificationCodeMaxAttempts - 1);
    expect(errors.filter((error) => error === 'code_expired')).toHaveLength(burst - verificationCodeMaxAttempts + 1);

    const finalize = await portal.request(api.finalizeAccountCreation, {
      json: { email, verificationCode: code, password: 'a brand new password' },
      address: client(),
    });
    expect(finalize.json.error).toBe('code_expired');
  });
});

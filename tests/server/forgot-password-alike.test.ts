// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './support';

/**
 * "Forgot password" must not tell whether an address has an account: not by its status, not by
 * its body, and not by how long it takes. The route queues the request (one insert, whatever the
 * address) and answers; the lookup, the token and the mail come later, from a background task. The
 * test shows that both answers run the very same queries, which holds however busy the machine is.
 * The time itself is measured by `npm run bench:forgot` (figures in the README): a bound on time in
 * a test fails on a busy machine, whatever the code does.
 */

let portal: TestPortal;
/** Every query the portal sends, in order (its text, not its parameters). */
const queries: string[] = [];
let clients = 0;
/** Every request from its own client, so the per-client limit stays out of the way. */
const nextClient = () => `198.18.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;

beforeAll(async () => {
  portal = await startTestPortal({}, { onQuery: (query) => queries.push(query) });
});
afterAll(() => portal.close());

async function forgot(email: string) {
  const before = queries.length;
  const response = await portal.request('/api/password/forgot', { json: { email }, address: nextClient() });
  return { status: response.status, body: response.text, queries: queries.slice(before) };
}

describe('forgot password answers alike for known and unknown addresses', () => {
  it('with the same status, body and queries; only the known address gets a mail, afterwards', async () => {
    // A known address's answer used to look it up and write a token first: a few more queries.
    await portal.createUser('known@example.com', 'an existing password');
    const known = await forgot('known@example.com');
    const unknown = await forgot('nobody@example.com');

    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
    expect(known.queries.some((query) => /insert into "password_reset_requests"/.test(query))).toBe(true);
    expect(known.queries.some((query) => /"users"/.test(query))).toBe(false);
    // The background task (the test portal runs it when a mail is read) mails the known address only.
    expect((await portal.newestMailTo('known@example.com'))?.subject).toContain('Bondline');
    expect(await portal.newestMailTo('nobody@example.com')).toBeNull();
  });
});

// @vitest-environment node
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './support';

/**
 * "Forgot password" must not tell whether an address has an account: not by its status, not by
 * its body, and not by how long it takes. The route queues the request (one insert, whatever the
 * address) and answers; the lookup, the token and the mail come later, from a background task. The
 * first test shows that both answers run the very same queries, which holds however busy the
 * machine is; the second measures the time as well.
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
  const started = performance.now();
  const response = await portal.request('/api/password/forgot', { json: { email }, address: nextClient() });
  const elapsedMs = performance.now() - started;
  return { elapsedMs, status: response.status, body: response.text, queries: queries.slice(before) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

describe('forgot password answers alike for known and unknown addresses', () => {
  it('with the same status, body and queries; only the known address gets a mail, afterwards', async () => {
    await portal.createUser('known@example.com', 'an existing password');
    const known = await forgot('known@example.com');
    const unknown = await forgot('nobody@example.com');

    expect(known.status).toBe(202);
    expect(unknown).toEqual({ ...known, elapsedMs: unknown.elapsedMs });
    expect(known.queries.some((query) => /insert into "password_reset_requests"/.test(query))).toBe(true);
    expect(known.queries.some((query) => /"users"/.test(query))).toBe(false);
    // The background task (the test portal runs it when a mail is read) mails the known address only.
    expect((await portal.newestMailTo('known@example.com'))?.subject).toContain('Bondline');
    expect(await portal.newestMailTo('nobody@example.com')).toBeNull();
  });

  it('in time: the median of paired differences stays within the noise', async ({ annotate }) => {
    const rounds = 30;
    for (let index = 0; index < rounds; index += 1) {
      await portal.createUser(`known.${index}@example.com`, 'an existing password');
    }
    // Warm-up: the first requests pay for compiling the route.
    for (let index = 0; index < 3; index += 1) {
      await forgot(`warm.up.${index}@example.com`);
    }

    const differences: number[] = [];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < rounds; index += 1) {
      // Alternate which goes first, so neither always follows the other.
      const askKnown = () => forgot(`known.${index}@example.com`);
      const askUnknown = () => forgot(`nobody.${index}@example.com`);
      let knownMs: number;
      let unknownMs: number;
      if (index % 2 === 0) {
        knownMs = (await askKnown()).elapsedMs;
        unknownMs = (await askUnknown()).elapsedMs;
      } else {
        unknownMs = (await askUnknown()).elapsedMs;
        knownMs = (await askKnown()).elapsedMs;
      }
      known.push(knownMs);
      unknown.push(unknownMs);
      differences.push(knownMs - unknownMs);
    }
    const pairedMedian = median(differences);
    // Both answers do the same four queries, so the paired median sits near zero; the bound is the
    // noise of an in-process request on a busy 2-core machine, well below the 7 ms or more that a
    // lookup, a token and a mail added when they ran before or just after the answer.
    const boundMs = Math.max(3, 0.2 * median(unknown));
    await annotate(
      `forgot password, ${rounds} pairs: median known ${median(known).toFixed(2)} ms, unknown ` +
        `${median(unknown).toFixed(2)} ms, median of paired differences ${pairedMedian.toFixed(2)} ms, bound ${boundMs.toFixed(2)} ms`,
    );
    expect(Math.abs(pairedMedian)).toBeLessThan(boundMs);
  });
});

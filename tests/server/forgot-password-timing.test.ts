// @vitest-environment node
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './support';

/**
 * "Forgot password" must not tell whether an address has an account: not by its status, not by
 * its body, and not by how long it takes. The route answers before it looks the address up; this
 * measures that it does.
 */

const rounds = 30;
/**
 * Above the noise of an in-process request, below what a lookup plus a token and a mail add (they
 * are at least two more queries than the answer's own four, and took the known medians 10–20 ms
 * above the unknown when the route awaited them).
 */
const boundMs = (baselineMs: number) => Math.max(6, 0.25 * baselineMs);

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
  for (let index = 0; index < rounds + 3; index += 1) {
    await portal.createUser(`known.${index}@example.com`, 'an existing password');
  }
});
afterAll(() => portal.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The work the route leaves for after its answer (a lookup, for a known address a token and a mail). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

async function timedForgot(email: string, client: string) {
  const started = performance.now();
  // Every request from its own client, so the per-client limit stays out of the way.
  const response = await portal.request('/api/password/forgot', { json: { email }, address: client });
  const elapsedMs = performance.now() - started;
  return { elapsedMs, status: response.status, body: response.text };
}

describe('forgot password answers alike for known and unknown addresses', () => {
  it('in status, body and time', async ({ annotate }) => {
    // Warm-up: the first requests pay for compiling the route and loading the mail catalogs.
    for (let index = 0; index < 3; index += 1) {
      await timedForgot(`known.${rounds + index}@example.com`, `192.0.2.${200 + index}`);
      await timedForgot(`warm.up.${index}@example.com`, `192.0.2.${210 + index}`);
      await settle();
    }

    const known: Awaited<ReturnType<typeof timedForgot>>[] = [];
    const unknown: Awaited<ReturnType<typeof timedForgot>>[] = [];
    for (let index = 0; index < rounds; index += 1) {
      // Alternate which goes first, so neither always follows the other's left-over work.
      const knownFirst = index % 2 === 0;
      const askKnown = () => timedForgot(`known.${index}@example.com`, `198.18.0.${index + 1}`);
      const askUnknown = () => timedForgot(`nobody.${index}@example.com`, `198.18.1.${index + 1}`);
      if (knownFirst) {
        known.push(await askKnown());
        await settle();
        unknown.push(await askUnknown());
      } else {
        unknown.push(await askUnknown());
        await settle();
        known.push(await askKnown());
      }
      await settle();
    }

    const first = known[0];
    for (const answer of [...known, ...unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toBe(first?.body);
    }
    // The lookup did happen for the known addresses: each got its mail.
    expect((await portal.newestMailTo('known.0@example.com'))?.subject).toContain('Bondline');
    expect(await portal.newestMailTo('nobody.0@example.com')).toBeNull();

    const knownMedian = median(known.map((answer) => answer.elapsedMs));
    const unknownMedian = median(unknown.map((answer) => answer.elapsedMs));
    const pairedMedian = median(known.map((answer, index) => answer.elapsedMs - (unknown[index]?.elapsedMs ?? 0)));
    // The numbers go into the test report (vitest --reporter=verbose shows them).
    await annotate(
      `forgot password, ${rounds} each: median known ${knownMedian.toFixed(2)} ms, unknown ${unknownMedian.toFixed(2)} ms, ` +
        `median of paired differences ${pairedMedian.toFixed(2)} ms, bound ${boundMs(unknownMedian).toFixed(2)} ms`,
    );
    expect(Math.abs(knownMedian - unknownMedian)).toBeLessThan(boundMs(unknownMedian));
  });
});

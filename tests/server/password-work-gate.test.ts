// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { statusOf } from '../../server/http/refusals';
import { argon2Limits, createWorkGate, hashPassword, verifyPassword } from '../../server/services/passwords';
import { Refusal } from '../../server/services/refusal';

/**
 * argon2 work goes through a bounded gate (issue 21): so many at once, so many waiting, each for so
 * long; beyond that a call is refused at once with 503 and Retry-After, never left waiting.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectBusy(reason: unknown) {
  expect(reason).toBeInstanceOf(Refusal);
  const failure = reason as Refusal;
  expect(statusOf(failure)).toBe(503);
  expect(failure.code).toBe(ErrorCode.serviceBusy);
  expect(failure.message).toBe('The service is busy. Please try again in a moment.');
  expect(failure.retryAfterSeconds).toBe(1);
}

function outcomes<T>(settled: PromiseSettledResult<T>[]) {
  return {
    fulfilled: settled.filter((result) => result.status === 'fulfilled'),
    rejected: settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : [])),
  };
}

describe('the work gate', () => {
  it('of 200 works at once runs no more than its places, queues its line, and refuses the rest at once', async () => {
    const gate = createWorkGate({ running: 3, waiting: 5, waitMs: 10_000 });
    let running = 0;
    let mostAtOnce = 0;
    const work = async (index: number) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await pause(5);
      running -= 1;
      return index;
    };
    const started = performance.now();
    const settled = await Promise.allSettled(Array.from({ length: 200 }, (_, index) => gate(() => work(index))));
    const { fulfilled, rejected } = outcomes(settled);

    expect(fulfilled).toHaveLength(3 + 5);
    expect(rejected).toHaveLength(200 - 3 - 5);
    for (const reason of rejected) expectBusy(reason);
    expect(mostAtOnce).toBe(3);
    // First come, first served: the places and the line went to the first eight.
    expect(fulfilled.map((result) => result.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(performance.now() - started).toBeLessThan(5_000);

    // Once drained, the gate takes work again.
    await expect(gate(() => work(200))).resolves.toBe(200);
  });

  it('refuses a work that waited its time, and lets the line move on without it', async () => {
    const gate = createWorkGate({ running: 1, waiting: 2, waitMs: 50 });
    let finishStuck: () => void = () => {};
    const stuck = gate(() => new Promise<void>((resolve) => (finishStuck = resolve)));
    const waiter = gate(async () => 'never run');
    await expect(waiter).rejects.toSatisfy((reason) => {
      expectBusy(reason);
      return true;
    });

    // The refused waiter left the line: after the stuck work, the next one runs.
    const next = gate(async () => 'ran');
    finishStuck();
    await stuck;
    await expect(next).resolves.toBe('ran');
  });

  it('counts a work that fails as done', async () => {
    const gate = createWorkGate({ running: 1, waiting: 0, waitMs: 50 });
    await expect(gate(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(gate(async () => 'free again')).resolves.toBe('free again');
  });
});

describe('argon2 through the gate', () => {
  const admitted = argon2Limits.running + argon2Limits.waiting;

  it('hashes 200 passwords asked for at once: some get the busy refusal, none waits without end', async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) => hashPassword(`a password ${index}`)),
    );
    const { fulfilled, rejected } = outcomes(settled);
    // At least the ones beyond the line are refused at once; on a slow machine a waiter may give up too.
    expect(rejected.length).toBeGreaterThanOrEqual(200 - admitted);
    for (const reason of rejected) expectBusy(reason);
    expect(fulfilled.length).toBeGreaterThanOrEqual(argon2Limits.running);
    expect(fulfilled.every((result) => result.value.startsWith('$argon2id$'))).toBe(true);

    // The gate drained: a later hash and check go through.
    const stored = await hashPassword('the right password');
    expect(await verifyPassword(stored, 'the right password')).toBe(true);
  });

  it('answers a full gate with the busy refusal, never with "wrong password", with or without a stored hash', async () => {
    const stored = await hashPassword('the right password');
    const settled = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        index % 2 === 0 ? verifyPassword(stored, 'the right password') : verifyPassword(null, 'anything'),
      ),
    );
    const { fulfilled, rejected } = outcomes(settled);
    expect(rejected.length).toBeGreaterThanOrEqual(200 - admitted);
    for (const reason of rejected) expectBusy(reason);
    expect(fulfilled.length).toBeGreaterThan(0);
    settled.forEach((result, index) => {
      // A right password against its hash matches; an unknown account never does.
      if (result.status === 'fulfilled') expect(result.value).toBe(index % 2 === 0);
    });

    // Afterwards an unknown account is checked as before (no refusal is kept).
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});

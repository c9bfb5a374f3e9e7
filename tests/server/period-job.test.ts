// @vitest-environment node
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices, subscriptions } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { startPeriodJob } from '../../server/services/billing/period-job';
import { buy } from './billing-support';
import { startTestPortal, type TestPortal, testDate, testIso } from './support';

/** Period ends, processed by moving the portal's clock: expiry, renewals, and one process at a time. */

let portal: TestPortal;
const start = testDate('2026-11-22T12:00:00Z');

beforeAll(async () => {
  portal = await startTestPortal();
  await portal.createUser('periods@example.com', 'correct horse battery');
});
afterAll(() => portal.close());

async function rowOf(id: string) {
  const [row] = await portal.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('subscription missing');
  return row;
}

async function invoicesOf(id: string) {
  return portal.db.select().from(invoices).where(eq(invoices.subscriptionId, id)).orderBy(invoices.number);
}

async function purchase(planCode: string) {
  portal.clock.current = start;
  return buy(portal, { accountEmail: 'periods@example.com', planCode });
}

describe('processing period ends', () => {
  it('expires a canceled subscription, renews an active one with an invoice, and never renews a one-time plan', async () => {
    const active = await purchase('personal-monthly');
    const canceled = await purchase('personal-monthly');
    await portal.db
      .update(subscriptions)
      .set({ state: 'canceled', canceledAt: start })
      .where(eq(subscriptions.id, canceled.id));
    const lifetime = await purchase('router-lifetime');

    // Not yet: the period has not ended.
    portal.clock.current = testDate('2026-12-22T11:59:59Z');
    expect(await portal.services.billing.processPeriodEnds()).toEqual({ expired: 0, renewed: 0 });
    expect((await rowOf(canceled.id)).state).toBe('canceled');

    portal.clock.current = testDate('2026-12-22T12:00:00Z');
    expect(await portal.services.billing.processPeriodEnds()).toEqual({ expired: 1, renewed: 1 });
    expect((await rowOf(canceled.id)).state).toBe('expired');
    expect(await rowOf(active.id)).toMatchObject({
      state: 'active',
      currentPeriodStart: testDate('2026-12-22T12:00:00Z'),
      currentPeriodEnd: testDate('2027-01-22T12:00:00Z'),
    });
    const renewals = (await invoicesOf(active.id)).filter((invoice) => invoice.reason === 'renewal');
    expect(renewals).toEqual([
      expect.objectContaining({
        totalCents: 999,
        issuedAt: testDate('2026-12-22T12:00:00Z'),
        periodStart: testDate('2026-12-22T12:00:00Z'),
        periodEnd: testDate('2027-01-22T12:00:00Z'),
      }),
    ]);
    expect(await invoicesOf(canceled.id)).toHaveLength(1);

    // Years later: the one-time plan still has no period end and no renewal.
    portal.clock.current = testDate('2030-01-01T00:00:00Z');
    await portal.services.billing.processPeriodEnds();
    expect(await rowOf(lifetime.id)).toMatchObject({ state: 'active', currentPeriodEnd: null });
    expect((await invoicesOf(lifetime.id)).map((invoice) => invoice.reason)).toEqual(['purchase']);
    expect((await rowOf(canceled.id)).state).toBe('expired');
  });

  it('renews period after period until one covers now, an invoice for each', async () => {
    const yearly = await purchase('personal-yearly');
    portal.clock.current = testDate('2029-12-01T00:00:00Z');
    const outcome = await portal.services.billing.processPeriodEnds();
    expect(outcome.renewed).toBeGreaterThanOrEqual(3);
    expect(await rowOf(yearly.id)).toMatchObject({
      currentPeriodStart: testDate('2029-11-22T12:00:00Z'),
      currentPeriodEnd: testDate('2030-11-22T12:00:00Z'),
    });
    const periods = (await invoicesOf(yearly.id)).map((invoice) => [
      invoice.reason,
      invoice.periodStart?.toISOString(),
    ]);
    expect(periods).toEqual([
      ['purchase', testIso('2026-11-22T12:00:00.000Z')],
      ['renewal', testIso('2027-11-22T12:00:00.000Z')],
      ['renewal', testIso('2028-11-22T12:00:00.000Z')],
      ['renewal', testIso('2029-11-22T12:00:00.000Z')],
    ]);
    expect(await portal.services.billing.processPeriodEnds()).toEqual({ expired: 0, renewed: 0 });
  });

  it('renews once when two runs happen at the same time', async () => {
    const monthly = await purchase('personal-monthly');
    // A second process's worth of portal on the same database, where there is one (PostgreSQL).
    const other = process.env.TEST_DATABASE_URL ? await startTestPortal({}, { joinSchema: portal.schema }) : portal;
    try {
      portal.clock.current = testDate('2027-03-01T00:00:00Z');
      other.clock.current = portal.clock.current;
      const outcomes = await Promise.all([
        portal.services.billing.processPeriodEnds(),
        other.services.billing.processPeriodEnds(),
        portal.services.billing.processPeriodEnds(),
      ]);
      const renewals = (await invoicesOf(monthly.id)).filter((invoice) => invoice.reason === 'renewal');
      expect(renewals.map((invoice) => invoice.periodStart?.toISOString())).toEqual([
        testIso('2026-12-22T12:00:00.000Z'),
        testIso('2027-01-22T12:00:00.000Z'),
        testIso('2027-02-22T12:00:00.000Z'),
      ]);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.renewed, 0)).toBeGreaterThanOrEqual(3);
      expect(await rowOf(monthly.id)).toMatchObject({ currentPeriodEnd: testDate('2027-03-22T12:00:00Z') });
    } finally {
      if (other !== portal) await other.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('does nothing while another process holds the job’s lock', async () => {
    const monthly = await purchase('personal-monthly');
    const holder = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL,
      options: `-c search_path=${portal.schema}`,
    });
    await holder.connect();
    try {
      await holder.query('begin');
      // The job's key in the portal's schema (server/services/billing/period-job.ts).
      await holder.query("select pg_advisory_xact_lock(hashtext(current_schema() || ':period-ends'))");
      portal.clock.current = testDate('2027-01-01T00:00:00Z');
      expect(await portal.services.billing.processPeriodEnds()).toEqual({ expired: 0, renewed: 0 });
      expect(await invoicesOf(monthly.id)).toHaveLength(1);
      await holder.query('commit');
      expect((await portal.services.billing.processPeriodEnds()).renewed).toBeGreaterThanOrEqual(1);
      expect(await invoicesOf(monthly.id)).toHaveLength(2);
    } finally {
      await holder.end();
    }
  });
});

describe('the period job', () => {
  it('runs every interval, one run at a time, logs a failure and keeps going until stopped', async () => {
    vi.useFakeTimers();
    try {
      const lines: string[] = [];
      const logger = createLogger('info', { write: (line: string) => lines.push(line) } as never);
      let calls = 0;
      const billing = {
        processPeriodEnds: async () => {
          calls += 1;
          if (calls === 2) throw new Error('database away');
          return { expired: 0, renewed: calls };
        },
      };
      const job = startPeriodJob({ billing, logger, intervalSeconds: 60 });
      await vi.advanceTimersByTimeAsync(59_000);
      expect(calls).toBe(0);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(calls).toBe(3);
      expect(lines.join('')).toContain('billing period processing failed');
      expect(lines.join('')).toContain('billing periods processed');
      await job.stop();
      await vi.advanceTimersByTimeAsync(600_000);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

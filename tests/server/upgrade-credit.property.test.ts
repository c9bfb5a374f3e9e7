// @vitest-environment node

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { UpgradePreview } from '../../contract/subscriptions';
import { invoices, subscriptions } from '../../server/db/schema';
import {
  type Cast,
  createCast,
  insertCatalogue,
  insertPaidPeriod,
  insertSubscription,
  invoicesOf,
} from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';

/**
 * Issue 27's properties of the upgrade credit (docs/decisions/0023-seats-priced.md), over random
 * sequences of seat changes and time passing on a yearly teams plan bought with or without a coupon:
 * the credit never exceeds the money paid for the period, nor what the most seats ever held would have
 * cost for the time left; so no sequence makes an upgrade cheaper than paying for what one had.
 */

let portal: TestPortal;
let cast: Cast;
let start: Date;

/**
 * Time passes for one subscription: its period and its invoices move back by `days`, which is the
 * same to the ledger as the clock moving on, and keeps the people's sessions fresh.
 */
async function letTimePass(subscriptionId: string, days: number) {
  const back = (time: Date | null) => (time ? new Date(time.getTime() - days * day) : null);
  const [row] = await portal.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  await portal.db
    .update(subscriptions)
    .set({
      currentPeriodStart: back(row?.currentPeriodStart ?? null),
      currentPeriodEnd: back(row?.currentPeriodEnd ?? null),
    })
    .where(eq(subscriptions.id, subscriptionId));
  for (const invoice of await invoicesOf(portal, subscriptionId))
    await portal.db
      .update(invoices)
      .set({
        issuedAt: back(invoice.issuedAt) ?? invoice.issuedAt,
        periodStart: back(invoice.periodStart),
        periodEnd: back(invoice.periodEnd),
      })
      .where(eq(invoices.number, invoice.number));
}

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await createCast(portal, 'credit-properties');
  start = portal.clock.current;
});
afterAll(() => portal.close());

const day = 24 * 3600 * 1000;
const yearlySeatCents = 14999;
const threeYearSeatCents = 35999;

const step = fc.oneof(
  fc.record({ kind: fc.constant('seats' as const), quantity: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 90 }) }),
);

describe('the upgrade credit over random seat changes, coupons and time', () => {
  it('never exceeds what was paid for the period, nor the most seats held for the time left', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 50 }),
        fc.array(step, { maxLength: 6 }),
        // The three-year plan sells 2 seats at the least.
        fc.integer({ min: 2, max: 30 }),
        async (firstSeats, couponPercent, steps, upgradeSeats) => {
          const subscription = await insertSubscription(portal, {
            ownerId: cast.owner.id,
            planCode: 'teams-yearly',
            quantity: firstSeats,
            billingAccountCode: cast.accountCode,
            currentPeriodStart: start,
            currentPeriodEnd: new Date(start.getTime() + 365 * day),
          });
          const planCents = firstSeats * yearlySeatCents;
          const couponCents = Math.round((planCents * couponPercent) / 100);
          await insertPaidPeriod(portal, subscription, [
            { kind: 'plan', description: 'Teams, yearly', quantity: firstSeats, amountCents: planCents },
            ...(couponCents > 0
              ? [{ kind: 'couponDiscount' as const, description: 'Coupon', quantity: 1, amountCents: -couponCents }]
              : []),
          ]);

          let mostSeats = firstSeats;
          let waited = 0;
          for (const next of steps) {
            if (next.kind === 'wait') {
              // Within the period: an ended period credits nothing, which is no test of the credit.
              const days = Math.min(next.days, 360 - waited);
              waited += days;
              await letTimePass(subscription.id, days);
              continue;
            }
            const response = await portal.request(`${api.subscription(subscription.referenceId)}/quantity`, {
              method: 'PUT',
              json: { quantity: next.quantity },
              cookie: cast.owner.cookie,
            });
            expect(response.status).toBe(202);
            mostSeats = Math.max(mostSeats, next.quantity);
          }

          const response = await portal.request(`${api.subscription(subscription.referenceId)}/upgrade-preview`, {
            json: { newPlanCode: 'teams-3year', quantity: upgradeSeats, blackfriday24Eligible: false },
            cookie: cast.owner.cookie,
          });
          expect(response.status).toBe(200);
          const preview = v.parse(UpgradePreview, response.json);
          const credit = -(preview.lines.find((line) => line.kind === 'prorationCredit')?.amountCents ?? 0);
          const invoices = await invoicesOf(portal, subscription.id);
          const paid = invoices.reduce((sum, invoice) => sum + invoice.totalCents, 0);
          const leftShare = (365 - waited) / 365;
          // A cent of rounding per invoice.
          expect(credit).toBeLessThanOrEqual(paid);
          expect(credit).toBeLessThanOrEqual(Math.ceil(mostSeats * yearlySeatCents * leftShare) + invoices.length);
          expect(preview.totalCents).toBe(Math.max(0, upgradeSeats * threeYearSeatCents - credit));
        },
      ),
      { numRuns: 40 },
    );
  });
});

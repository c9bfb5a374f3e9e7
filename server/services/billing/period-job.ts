import { and, asc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { plans, subscriptions } from '../../db/schema';
import type { Logger } from '../../logger';
import { type RepeatingTask, startRepeatingTask } from '../repeating-task';
import type { Billing } from './billing';
import type { Transaction } from './ledger-core';
import { renewPeriod } from './renewals';

/**
 * A transaction-level advisory lock: released by the commit, also when a process dies mid-run. Only
 * one process at a time works through a portal's period ends. Advisory locks are the whole
 * database's, so the key names the schema too: portals that share a database in schemas of their
 * own (the PostgreSQL test run) do not skip each other's period ends.
 */
async function tryPeriodJobLock(tx: Transaction): Promise<boolean> {
  const key = sql`hashtext(current_schema() || ':period-ends')`;
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`)) as unknown as {
    rows: { locked: boolean }[];
  };
  return result.rows[0]?.locked === true;
}

/**
 * Period ends up to now: a canceled subscription expires; an active one renews, period after
 * period until one covers now, with an invoice for each. One-time plans have no period end.
 * Another process already at it means there is nothing to do here: it answers zeros.
 */
export function createPeriodProcessing(db: Database, now: () => Date) {
  return async function processPeriodEnds(): Promise<{ expired: number; renewed: number }> {
    return db.transaction(async (tx) => {
      if (!(await tryPeriodJobLock(tx))) return { expired: 0, renewed: 0 };
      const at = now();
      const due = await tx
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .leftJoin(plans, eq(plans.planCode, subscriptions.planCode))
        .where(
          and(
            isNotNull(subscriptions.currentPeriodEnd),
            lte(subscriptions.currentPeriodEnd, at),
            ne(subscriptions.state, 'expired'),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .for('update', { of: subscriptions });
      let expired = 0;
      let renewed = 0;
      for (const { subscription, plan } of due) {
        if (subscription.state === 'canceled') {
          await tx
            .update(subscriptions)
            .set({ state: 'expired', updatedAt: at })
            .where(eq(subscriptions.id, subscription.id));
          expired += 1;
          continue;
        }
        // A plan gone from the catalogue has no price to renew at; it waits for the operator.
        if (!plan || plan.durationMonths === 0) continue;
        let current = subscription;
        while (current.currentPeriodEnd && current.currentPeriodEnd <= at) {
          current = await renewPeriod(tx, current, plan, at);
          renewed += 1;
        }
      }
      return { expired, renewed };
    });
  };
}

/** Runs the period processing every `intervalSeconds`, one run at a time; failures are logged. */
export function startPeriodJob({
  billing,
  logger,
  intervalSeconds,
}: {
  billing: Pick<Billing, 'processPeriodEnds'>;
  logger: Logger;
  intervalSeconds: number;
}): RepeatingTask {
  return startRepeatingTask({
    name: 'billing period processing',
    everySeconds: intervalSeconds,
    logger,
    run: async () => {
      const outcome = await billing.processPeriodEnds();
      if (outcome.expired > 0 || outcome.renewed > 0) logger.info(outcome, 'billing periods processed');
    },
  });
}

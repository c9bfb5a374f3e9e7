import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PlanType } from '../../../contract/subscriptions';
import type { Database } from '../../db/database';
import { plans } from '../../db/schema';

const PlanCode = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,100}$/, 'must be lower-case letters, digits and -'));
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0));
const Seats = v.pipe(v.number(), v.integer(), v.minValue(1));

const CataloguePlan = v.object({
  planCode: PlanCode,
  productName: v.pipe(v.string(), v.nonEmpty()),
  title: v.pipe(v.string(), v.nonEmpty()),
  type: PlanType,
  priceCents: Cents,
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  durationMonths: v.pipe(v.number(), v.integer(), v.minValue(0)),
  cancelable: v.boolean(),
  minSeats: Seats,
  maxSeats: Seats,
  maxTeamMembers: v.optional(v.nullable(Seats), null),
  upgradeTo: v.array(PlanCode),
  blackfriday24PriceCents: v.nullable(Cents),
});

const PlanCatalogue = v.pipe(
  v.object({ plans: v.pipe(v.array(CataloguePlan), v.nonEmpty()) }),
  v.check(
    ({ plans: all }) => all.every((plan) => plan.minSeats <= plan.maxSeats),
    'every plan needs minSeats at most maxSeats',
  ),
  v.check(({ plans: all }) => {
    const codes = new Set(all.map((plan) => plan.planCode));
    return codes.size === all.length && all.every((plan) => plan.upgradeTo.every((code) => codes.has(code)));
  }, 'plan codes must be unique, and every upgradeTo must name a plan of the file'),
);
export type CataloguePlan = v.InferOutput<typeof CataloguePlan>;

const catalogueFile = join(dirname(fileURLToPath(import.meta.url)), '../../data/plans.json');

/** server/data/plans.json, checked: a broken catalogue stops the start with the reason. */
function readPlanCatalogue(file = catalogueFile): CataloguePlan[] {
  const result = v.safeParse(PlanCatalogue, JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(file)'}: ${issue.message}`);
    throw new Error(`${file} is not a valid plan catalogue:\n${problems.join('\n')}`);
  }
  return result.output.plans;
}

/**
 * Writes the catalogue into `plans` after the migrations at every start: a changed price or a new
 * plan in the file takes effect on the next start. Plans gone from the file stay, since
 * subscriptions may still refer to them. The file's order is the display order.
 */
export async function upsertPlanCatalogue(db: Database, catalogue = readPlanCatalogue()): Promise<void> {
  const rows = catalogue.map((plan, position) => ({ ...plan, sortOrder: position }));
  await db
    .insert(plans)
    .values(rows)
    .onConflictDoUpdate({
      target: plans.planCode,
      set: {
        productName: sql`excluded.product_name`,
        title: sql`excluded.title`,
        type: sql`excluded.type`,
        priceCents: sql`excluded.price_cents`,
        currency: sql`excluded.currency`,
        durationMonths: sql`excluded.duration_months`,
        cancelable: sql`excluded.cancelable`,
        minSeats: sql`excluded.min_seats`,
        maxSeats: sql`excluded.max_seats`,
        maxTeamMembers: sql`excluded.max_team_members`,
        upgradeTo: sql`excluded.upgrade_to`,
        blackfriday24PriceCents: sql`excluded.blackfriday24_price_cents`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

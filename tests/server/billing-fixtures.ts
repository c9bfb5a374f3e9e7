import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import {
  billingAccounts,
  invoiceLines,
  invoices,
  plans,
  subscriptions,
  teamMembers,
  teams,
} from '../../server/db/schema';
import type { TestPortal } from './support';

/**
 * Fixtures of the ledger for server tests: the plan catalogue, and a cast around one teams
 * subscription (its owner, a team admin, a team user and a stranger), built with plain inserts.
 */

type CatalogueEntry = Omit<typeof plans.$inferInsert, 'sortOrder'>;

const catalogue: CatalogueEntry[] = JSON.parse(
  readFileSync(new URL('../../server/data/plans.json', import.meta.url), 'utf8'),
).plans;

function catalogueEntry(planCode: string): CatalogueEntry {
  const entry = catalogue.find((plan) => plan.planCode === planCode);
  if (!entry) throw new Error(`no plan ${planCode} in server/data/plans.json`);
  return entry;
}

/** The catalogue's rows, unless the start-up upsert of plans.json has already written them. */
export async function insertCatalogue(portal: TestPortal) {
  await portal.db
    .insert(plans)
    .values(catalogue.map((plan, sortOrder) => ({ ...plan, sortOrder })))
    .onConflictDoNothing();
}

export const password = 'correct horse battery staple';

export type Person = { id: string; email: string; cookie: string };

async function person(portal: TestPortal, email: string): Promise<Person> {
  const user = await portal.createUser(email, password);
  return { id: user.id, email, cookie: await portal.signIn(email, password) };
}

/** An owner with a billing account and a team in which `admin` is an admin and `teamUser` a user. */
export async function createCast(portal: TestPortal, label: string) {
  const owner = await person(portal, `${label}.owner@example.test`);
  const admin = await person(portal, `${label}.admin@example.test`);
  const teamUser = await person(portal, `${label}.user@example.test`);
  const stranger = await person(portal, `${label}.stranger@example.test`);
  const accountCode = `${label}-account`;
  await portal.db.insert(billingAccounts).values({ code: accountCode, userId: owner.id });
  const teamId = await createTeam(portal, [
    { userId: owner.id, role: 'admin' },
    { userId: admin.id, role: 'admin' },
    { userId: teamUser.id, role: 'user' },
  ]);
  return { owner, admin, teamUser, stranger, accountCode, teamId };
}

export type Cast = Awaited<ReturnType<typeof createCast>>;

export async function createTeam(portal: TestPortal, members: { userId: string; role: 'admin' | 'user' }[]) {
  const [team] = await portal.db.insert(teams).values({ name: 'Test team' }).returning({ id: teams.id });
  if (!team) throw new Error('team not created');
  if (members.length > 0) {
    await portal.db.insert(teamMembers).values(members.map((member) => ({ ...member, teamId: team.id })));
  }
  return team.id;
}

/** A subscription of a catalogue plan, by default active in a month-long period around the clock. */
export async function insertSubscription(
  portal: TestPortal,
  fields: { ownerId: string; planCode: string } & Partial<typeof subscriptions.$inferInsert>,
) {
  const plan = catalogueEntry(fields.planCode);
  const now = portal.clock.current.getTime();
  const day = 24 * 3600 * 1000;
  const [row] = await portal.db
    .insert(subscriptions)
    .values({
      referenceId: `sub-${crypto.randomUUID()}`,
      type: plan.type === 'router' ? 'others' : plan.type,
      productName: plan.productName,
      currentPeriodStart: new Date(now - 15 * day),
      currentPeriodEnd: new Date(now + 15 * day),
      ...fields,
    })
    .returning();
  if (!row) throw new Error('subscription not created');
  return row;
}

/**
 * The invoice that paid for a subscription's current period: by default its plan at the list price
 * for its seats (an upgrade credits what such invoices paid for the time left).
 */
export async function insertPaidPeriod(
  portal: TestPortal,
  subscription: typeof subscriptions.$inferSelect,
  lines: { kind: 'plan' | 'couponDiscount'; description: string; quantity: number; amountCents: number }[] = [],
) {
  const plan = catalogueEntry(subscription.planCode);
  const paid =
    lines.length > 0
      ? lines
      : [
          {
            kind: 'plan' as const,
            description: plan.title,
            quantity: subscription.quantity,
            amountCents: plan.priceCents * subscription.quantity,
          },
        ];
  const [invoice] = await portal.db
    .insert(invoices)
    .values({
      accountCode: subscription.billingAccountCode ?? '',
      subscriptionId: subscription.id,
      reason: 'renewal',
      issuedAt: subscription.currentPeriodStart ?? portal.clock.current,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      currency: 'USD',
      totalCents: Math.max(
        0,
        paid.reduce((sum, line) => sum + line.amountCents, 0),
      ),
    })
    .returning({ number: invoices.number });
  if (!invoice) throw new Error('invoice not created');
  await portal.db
    .insert(invoiceLines)
    .values(paid.map((line, position) => ({ ...line, invoiceNumber: invoice.number, position })));
  return invoice.number;
}

export async function subscriptionRow(portal: TestPortal, referenceId: string) {
  const [row] = await portal.db.select().from(subscriptions).where(eq(subscriptions.referenceId, referenceId));
  if (!row) throw new Error(`no subscription ${referenceId}`);
  return row;
}

/** The invoices of a subscription with their lines, oldest first. */
export async function invoicesOf(portal: TestPortal, subscriptionId: string) {
  const rows = await portal.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId))
    .orderBy(invoices.number);
  return Promise.all(
    rows.map(async (invoice) => ({
      ...invoice,
      lines: await portal.db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceNumber, invoice.number))
        .orderBy(invoiceLines.position),
    })),
  );
}

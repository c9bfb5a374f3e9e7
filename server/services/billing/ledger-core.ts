import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import { nextBillingDate } from '../../../contract/pricing';
import { SubscriptionMessage } from '../../../contract/subscriptions';
import type { Database } from '../../db/database';
import {
  couponRedemptions,
  coupons,
  invoiceLines,
  invoices,
  plans,
  subscriptions,
  teamMembers,
  users,
} from '../../db/schema';
import { commonRefusals, Refusal } from '../refusal';
import type { Caller } from './billing';

/**
 * What the ledger's parts share: finding a subscription for a person under a row lock, the rules of
 * who may change it, and issuing an invoice. Every change runs in one transaction that starts by
 * locking the subscription's row, so changes of one subscription happen one after another.
 */

/** Drizzle's transaction handle, on either driver. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export type LockedSubscription = {
  subscription: SubscriptionRow;
  /** Null when the plan code is not in the catalogue (an old row): nothing can be changed then. */
  plan: PlanRow | null;
  ownerEmail: string;
  isOwner: boolean;
  /** The owner, or an admin of a teams or families subscription's team. */
  isAdminOrOwner: boolean;
};

export const refusals = {
  notOwner: () => new Refusal(ErrorCode.forbidden, SubscriptionMessage.notOwner),
  refused: (message: string) => new Refusal(ErrorCode.subscriptionRefused, message),
  conflict: () => new Refusal(ErrorCode.subscriptionConflict, SubscriptionMessage.upgradeConflict),
};

/**
 * The subscription named by referenceId, locked for this transaction (`for update`), as `caller`
 * sees it: not found when the caller can neither own it nor reach it through its team (a stranger
 * learns nothing), otherwise the row with the caller's standing.
 */
export async function lockSubscription(
  tx: Transaction,
  caller: Caller,
  referenceId: string,
): Promise<LockedSubscription> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.referenceId, referenceId))
    .for('update')
    .limit(1);
  if (!subscription) throw commonRefusals.notFound();
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, subscription.ownerId));
  const isOwner = subscription.ownerId === caller.userId;
  let role: string | null = null;
  if (subscription.teamId !== null) {
    const [membership] = await tx
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, subscription.teamId), eq(teamMembers.userId, caller.userId)));
    role = membership?.role ?? null;
  }
  if (!isOwner && role === null) throw commonRefusals.notFound();
  const [plan] = await tx.select().from(plans).where(eq(plans.planCode, subscription.planCode));
  const teamPlan = subscription.type === 'teams' || subscription.type === 'families';
  return {
    subscription,
    plan: plan ?? null,
    ownerEmail: owner?.email ?? '',
    isOwner,
    isAdminOrOwner: isOwner || (teamPlan && role === 'admin'),
  };
}

/** Owner-only changes: everyone else who can see the subscription is refused as forbidden. */
export async function lockOwnedSubscription(tx: Transaction, caller: Caller, referenceId: string) {
  const locked = await lockSubscription(tx, caller, referenceId);
  if (!locked.isOwner) throw refusals.notOwner();
  return locked;
}

/** Members plus the invitations still pending at `at`, the owner included: `team_seats_in_use()` of migration 0019. */
export async function seatsInUse(tx: Transaction, subscription: SubscriptionRow, at: Date): Promise<number> {
  if (subscription.teamId === null) return 1;
  const [row] = await tx
    .select({ seats: sql<number>`team_seats_in_use(${subscription.teamId}, ${subscription.ownerId}, ${at})` })
    .from(sql`(select 1) as one`);
  return Number(row?.seats ?? 1);
}

/** The end of a period that starts at `start` for a plan; null for a one-time plan. */
export function periodEndOf(start: Date, plan: Pick<PlanRow, 'durationMonths'>): Date | null {
  return plan.durationMonths > 0 ? nextBillingDate(start, plan.durationMonths) : null;
}

export type NewInvoiceLine = {
  kind: 'plan' | 'prorationCredit' | 'couponDiscount';
  description: string;
  quantity: number;
  amountCents: number;
};

export type CouponRow = typeof coupons.$inferSelect;

/**
 * The coupons that reduce the subscription's next invoice: 'forever' ones always, a 'once' one
 * until an invoice has used it.
 */
export async function couponsInEffect(tx: Transaction, subscriptionId: string): Promise<CouponRow[]> {
  const rows = await tx
    .select({ coupon: coupons })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.code, couponRedemptions.couponCode))
    .where(
      and(
        eq(couponRedemptions.subscriptionId, subscriptionId),
        or(eq(coupons.duration, 'forever'), isNull(couponRedemptions.appliedInvoiceNumber)),
      ),
    )
    .orderBy(couponRedemptions.redeemedAt, couponRedemptions.couponCode);
  return rows.map((row) => row.coupon);
}

/**
 * The discounts of coupons on a subtotal, in the order given: a percentage of the subtotal, or the
 * fixed amount; together never more than the subtotal, so no invoice pays out. A coupon left with
 * nothing to take off gets no line (a 'once' one then waits for the next invoice).
 */
export function couponDiscounts(
  couponList: CouponRow[],
  subtotalCents: number,
): { coupon: CouponRow; line: NewInvoiceLine }[] {
  let remaining = Math.max(0, subtotalCents);
  const discounts: { coupon: CouponRow; line: NewInvoiceLine }[] = [];
  for (const coupon of couponList) {
    const discount =
      coupon.percentOff !== null ? Math.round((subtotalCents * coupon.percentOff) / 100) : (coupon.amountOffCents ?? 0);
    const applied = Math.min(discount, remaining);
    if (applied <= 0) continue;
    remaining -= applied;
    discounts.push({
      coupon,
      line: { kind: 'couponDiscount', description: coupon.name, quantity: 1, amountCents: -applied },
    });
  }
  return discounts;
}

/**
 * Writes an invoice with its lines; the total is their sum, never below zero. Returns its number.
 * A renewal or an upgrade also gets a discount line per coupon in effect on the subscription
 * (percentages of its plan lines); a 'once' coupon is then marked as used by this invoice.
 */
export async function issueInvoice(
  tx: Transaction,
  invoice: {
    accountCode: string;
    subscriptionId: string;
    reason: 'purchase' | 'renewal' | 'upgrade' | 'seats';
    issuedAt: Date;
    periodStart: Date | null;
    periodEnd: Date | null;
    currency: string;
    lines: NewInvoiceLine[];
  },
): Promise<number> {
  const discounted = invoice.reason === 'renewal' || invoice.reason === 'upgrade';
  const couponList = discounted ? await couponsInEffect(tx, invoice.subscriptionId) : [];
  const planSubtotal = invoice.lines
    .filter((line) => line.kind === 'plan')
    .reduce((sum, line) => sum + line.amountCents, 0);
  const discounts = couponDiscounts(couponList, planSubtotal);
  const lines = [...invoice.lines, ...discounts.map((discount) => discount.line)];
  const totalCents = Math.max(
    0,
    lines.reduce((sum, line) => sum + line.amountCents, 0),
  );
  const [row] = await tx
    .insert(invoices)
    .values({
      accountCode: invoice.accountCode,
      subscriptionId: invoice.subscriptionId,
      reason: invoice.reason,
      issuedAt: invoice.issuedAt,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      currency: invoice.currency,
      totalCents,
    })
    .returning({ number: invoices.number });
  if (!row) throw new Error('invoice insert returned nothing');
  if (lines.length > 0) {
    await tx
      .insert(invoiceLines)
      .values(lines.map((line, position) => ({ ...line, invoiceNumber: row.number, position })));
  }
  const usedOnce = discounts.filter(({ coupon }) => coupon.duration === 'once').map(({ coupon }) => coupon.code);
  if (usedOnce.length > 0) {
    await tx
      .update(couponRedemptions)
      .set({ appliedInvoiceNumber: row.number })
      .where(
        and(
          eq(couponRedemptions.subscriptionId, invoice.subscriptionId),
          inArray(couponRedemptions.couponCode, usedOnce),
        ),
      );
  }
  return row.number;
}

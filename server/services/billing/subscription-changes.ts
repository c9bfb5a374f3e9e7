import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import { pricePerPeriodCents, upgradeQuantity } from '../../../contract/pricing';
import {
  type SubscriptionChangeResponse,
  SubscriptionMessage,
  type UpgradePreviewRequest,
} from '../../../contract/subscriptions';
import type { Database } from '../../db/database';
import { billingAccounts, invoiceLines, invoices, plans, subscriptions, users } from '../../db/schema';
import { commonRefusals, Refusal } from '../refusal';
import { recordTeamEvent } from '../teams/audit';
import type { Billing } from './billing';
import {
  issueInvoice,
  type LockedSubscription,
  lockOwnedSubscription,
  type NewInvoiceLine,
  type PlanRow,
  periodEndOf,
  refusals,
  type SubscriptionRow,
  seatsInUse,
  type Transaction,
} from './ledger-core';

type SubscriptionChanges = Pick<
  Billing,
  'cancel' | 'uncancel' | 'updateQuantity' | 'previewSeats' | 'previewUpgrade' | 'upgrade' | 'delistBlackFriday'
>;

/** Cancel, uncancel, seats, upgrade and its preview, the Black Friday delisting. */
export function createSubscriptionChanges(db: Database, now: () => Date): SubscriptionChanges {
  return {
    cancel: (caller, referenceId, request) =>
      db.transaction(async (tx) => {
        const at = now();
        const { subscription, plan } = await lockOwnedSubscription(tx, caller, referenceId);
        refuseWhenEnded(subscription, at);
        if (!plan?.cancelable) throw refusals.refused(SubscriptionMessage.notCancelable);
        if (subscription.state !== 'active') throw refusals.refused(SubscriptionMessage.notActive);
        // The subscription stays usable until its period ends; the period job then expires it.
        return changed(tx, subscription, {
          state: 'canceled',
          canceledAt: at,
          cancelReason: request.reason ?? null,
          cancelNote: request.note || null,
          updatedAt: at,
        });
      }),

    uncancel: (caller, referenceId) =>
      db.transaction(async (tx) => {
        const at = now();
        const { subscription } = await lockOwnedSubscription(tx, caller, referenceId);
        refuseWhenEnded(subscription, at);
        if (subscription.state !== 'canceled') throw refusals.refused(SubscriptionMessage.notCanceled);
        // The reason belonged to the cancellation that is now undone; a later one records its own.
        return changed(tx, subscription, {
          state: 'active',
          canceledAt: null,
          cancelReason: null,
          cancelNote: null,
          updatedAt: at,
        });
      }),

    updateQuantity: (caller, referenceId, quantity) =>
      db.transaction(async (tx) => {
        const at = now();
        const locked = await lockOwnedSubscription(tx, caller, referenceId);
        const { subscription, plan } = locked;
        const quote = await quoteSeats(locked, quantity, at, tx);
        const before = subscription.renewalQuantity ?? subscription.quantity;
        if (subscription.teamId !== null && quantity !== before) {
          await recordTeamEvent(tx, {
            teamId: subscription.teamId,
            actor: caller,
            kind: 'seatsChanged',
            details: {
              from: before,
              to: quantity,
              ...(quote.effectiveAt ? { effectiveAt: quote.effectiveAt.toISOString() } : {}),
            },
            at,
          });
        }
        // Fewer seats wait for the renewal, which bills them; until then the seats paid for stay.
        if (quote.effectiveAt) return changed(tx, subscription, { renewalQuantity: quantity, updatedAt: at });
        // Seats added beyond those paid for are charged now, for the rest of the period. The new
        // count is billed in full from the next renewal, and a decrease asked for earlier is dropped.
        const invoiceNumber =
          quote.dueNowCents > 0 && plan
            ? await issueInvoice(tx, {
                accountCode: await billingAccountCodeOf(tx, subscription),
                subscriptionId: subscription.id,
                reason: 'seats',
                issuedAt: at,
                periodStart: at,
                periodEnd: subscription.currentPeriodEnd,
                currency: plan.currency,
                lines: [
                  {
                    kind: 'plan',
                    description: plan.title,
                    quantity: quantity - quote.paidSeats,
                    amountCents: quote.dueNowCents,
                  },
                ],
              })
            : null;
        return changed(tx, subscription, { quantity, renewalQuantity: null, updatedAt: at }, invoiceNumber);
      }),

    previewSeats: (caller, referenceId, quantity) =>
      db.transaction(async (tx) => {
        const at = now();
        const locked = await lockOwnedSubscription(tx, caller, referenceId);
        const quote = await quoteSeats(locked, quantity, at, tx);
        return {
          quantity,
          currency: locked.plan?.currency ?? 'USD',
          recurringCents: quote.recurringCents,
          dueNowCents: quote.dueNowCents,
          paidSeats: quote.paidSeats,
          periodEnd: locked.subscription.currentPeriodEnd?.toISOString() ?? null,
          effectiveAt: quote.effectiveAt?.toISOString() ?? null,
        };
      }),

    previewUpgrade: (caller, referenceId, request) =>
      db.transaction(async (tx) => {
        const at = now();
        const locked = await lockOwnedSubscription(tx, caller, referenceId);
        refuseWhenEnded(locked.subscription, at);
        const quote = await quoteUpgrade(tx, locked, request, at);
        return {
          planCode: quote.target.planCode,
          quantity: quote.quantity,
          currency: quote.target.currency,
          lines: quote.lines,
          totalCents: quote.totalCents,
          nextBillingDate: quote.periodEnd?.toISOString() ?? null,
        };
      }),

    upgrade: async (caller, referenceId, request) => {
      if (request.userid !== caller.userId || request.email.toLowerCase() !== caller.email.toLowerCase()) {
        throw new Refusal(ErrorCode.forbidden, SubscriptionMessage.notYourAccount);
      }
      if (request.referenceId !== referenceId) {
        throw commonRefusals.validation('referenceId: does not match the subscription in the path.');
      }
      // The plan as this request found it on arrival, before it waits for the row lock: if another
      // change of plan commits meanwhile, this request was made against a plan that is gone.
      const [arrival] = await db
        .select({ planCode: subscriptions.planCode })
        .from(subscriptions)
        .where(eq(subscriptions.referenceId, referenceId));
      return db.transaction(async (tx) => {
        const at = now();
        const locked = await lockOwnedSubscription(tx, caller, referenceId);
        const { subscription } = locked;
        refuseWhenEnded(subscription, at);
        if (subscription.planCode === request.newPlanCode || (arrival && arrival.planCode !== subscription.planCode)) {
          throw refusals.conflict();
        }
        const quote = await quoteUpgrade(tx, locked, request, at);
        const accountCode = await billingAccountCodeOf(tx, subscription);
        const { target } = quote;
        const invoiceNumber = await issueInvoice(tx, {
          accountCode,
          subscriptionId: subscription.id,
          reason: 'upgrade',
          issuedAt: at,
          periodStart: at,
          periodEnd: quote.periodEnd,
          currency: target.currency,
          lines: quote.lines,
        });
        // An upgrade is a new purchase with a new period, so it also reactivates a canceled
        // subscription: keeping it canceled would end the period just paid for.
        return changed(
          tx,
          subscription,
          {
            planCode: target.planCode,
            productName: target.productName,
            type: target.type === 'router' ? 'others' : target.type,
            quantity: quote.quantity,
            // The new plan's seats are the ones asked for: a decrease asked for earlier is dropped.
            renewalQuantity: null,
            state: 'active',
            billingAccountCode: accountCode,
            currentPeriodStart: at,
            currentPeriodEnd: quote.periodEnd,
            canceledAt: null,
            cancelReason: null,
            cancelNote: null,
            updatedAt: at,
          },
          invoiceNumber,
        );
      });
    },

    delistBlackFriday: (caller, referenceId) =>
      db.transaction(async (tx) => {
        const at = now();
        const { subscription } = await lockOwnedSubscription(tx, caller, referenceId);
        if (!offersBlackFriday(subscription)) throw refusals.refused(SubscriptionMessage.blackFridayNotOffered);
        await tx
          .update(subscriptions)
          .set({ blackfriday24DelistedAt: at, updatedAt: at })
          .where(eq(subscriptions.id, subscription.id));
      }),
  };
}

/** Expired, or canceled with its period over (before the period job has marked it): nothing changes it. */
function refuseWhenEnded(subscription: SubscriptionRow, at: Date) {
  const periodOver = subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd <= at;
  if (subscription.state === 'expired' || (subscription.state === 'canceled' && periodOver)) {
    throw refusals.refused(SubscriptionMessage.expired);
  }
}

function offersBlackFriday(subscription: SubscriptionRow) {
  return subscription.blackfriday24Eligible && subscription.blackfriday24DelistedAt === null;
}

async function changed(
  tx: Transaction,
  subscription: SubscriptionRow,
  change: Partial<typeof subscriptions.$inferInsert>,
  invoiceNumber: number | null = null,
): Promise<SubscriptionChangeResponse> {
  const [row] = await tx.update(subscriptions).set(change).where(eq(subscriptions.id, subscription.id)).returning();
  if (!row) throw new Error('locked subscription vanished');
  return {
    success: true,
    state: row.state,
    planCode: row.planCode,
    quantity: row.quantity,
    renewalQuantity: row.renewalQuantity,
    invoiceNumber,
  };
}

/**
 * What a change of seats costs (docs/decisions/0023-seats-priced.md), for its preview and the change
 * alike, after the plan's rules: the plan's price for the new seats from the next renewal, and now
 * the seats added beyond those paid for this period at the list price, for the share of the period
 * still to come. A period no invoice paid for (one the order site sold before the portal kept
 * invoices) counts as paid for the seats it has.
 */
async function quoteSeats({ subscription, plan }: LockedSubscription, quantity: number, at: Date, tx: Transaction) {
  refuseWhenEnded(subscription, at);
  if (!plan || plan.minSeats === plan.maxSeats) throw refusals.refused(SubscriptionMessage.quantityFixed);
  if (quantity > plan.maxSeats) throw refusals.refused(SubscriptionMessage.quantityAboveMaximum);
  // The issue's floor: the seats in use, and at least 1. plan.minSeats is what the order site
  // sells at the least; an owner whose team shrank may still come down to the seats in use.
  // Counted under the row lock, so no seat change that runs at the same time slips below it.
  if (quantity < Math.max(1, await seatsInUse(tx, subscription, at))) {
    throw refusals.refused(SubscriptionMessage.quantityBelowSeatsInUse);
  }
  const paid = await paidForRestOfPeriod(tx, subscription, at);
  const paidSeats = paid.invoices > 0 ? paid.seats : subscription.quantity;
  const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;
  const recurringCents = pricePerPeriodCents(plan.priceCents, quantity);
  // Fewer seats than the subscription has: nothing is refunded, and the count changes at renewal.
  if (quantity < subscription.quantity && plan.durationMonths > 0 && end && end > at)
    return { paidSeats, dueNowCents: 0, recurringCents, effectiveAt: end };
  const added = Math.max(0, quantity - paidSeats);
  const dueNowCents =
    added > 0 && plan.durationMonths > 0 && start && end && end > at
      ? Math.round(
          (pricePerPeriodCents(plan.priceCents, added) * (end.getTime() - Math.max(at.getTime(), start.getTime()))) /
            (end.getTime() - start.getTime()),
        )
      : 0;
  return { paidSeats, dueNowCents, recurringCents, effectiveAt: null };
}

type UpgradeQuote = {
  target: PlanRow;
  quantity: number;
  lines: NewInvoiceLine[];
  totalCents: number;
  /** The new period's end; null for a one-time plan. */
  periodEnd: Date | null;
};

/**
 * What an upgrade charges, for the preview and the upgrade alike: the new plan's price for its
 * quantity, less what was paid for the unused part of the current period (`prorate` is always true
 * in the contract).
 */
async function quoteUpgrade(
  tx: Transaction,
  { subscription, plan }: LockedSubscription,
  request: UpgradePreviewRequest,
  at: Date,
): Promise<UpgradeQuote> {
  const notAnOption = () => refusals.refused(SubscriptionMessage.notAnUpgradeOption);
  if (!plan?.upgradeTo.includes(request.newPlanCode)) throw notAnOption();
  const [target] = await tx.select().from(plans).where(eq(plans.planCode, request.newPlanCode));
  if (!target) throw notAnOption();

  const quantity = upgradeQuantity(target, request.quantity);
  // A plan with a range of seats takes the quantity asked for, within its range and never below
  // the seats in use; a plan of fixed seats (families) takes what upgradeQuantity says.
  if (target.minSeats !== target.maxSeats) {
    if (quantity > target.maxSeats) throw refusals.refused(SubscriptionMessage.quantityAboveMaximum);
    if (quantity < target.minSeats) throw refusals.refused(SubscriptionMessage.quantityBelowMinimum);
    if (quantity < (await seatsInUse(tx, subscription, at))) {
      throw refusals.refused(SubscriptionMessage.quantityBelowSeatsInUse);
    }
  }

  const unitPriceCents =
    offersBlackFriday(subscription) && request.blackfriday24Eligible && target.blackfriday24PriceCents !== null
      ? target.blackfriday24PriceCents
      : target.priceCents;
  const lines: NewInvoiceLine[] = [
    { kind: 'plan', description: target.title, quantity, amountCents: pricePerPeriodCents(unitPriceCents, quantity) },
  ];
  const credit = await paidForRestOfPeriod(tx, subscription, at);
  if (credit.amountCents > 0) {
    lines.push({
      kind: 'prorationCredit',
      description: plan.title,
      quantity: credit.seats,
      amountCents: -credit.amountCents,
    });
  }
  return {
    target,
    quantity,
    lines,
    totalCents: Math.max(
      0,
      lines.reduce((sum, line) => sum + line.amountCents, 0),
    ),
    periodEnd: periodEndOf(at, target),
  };
}

/**
 * What was paid for the time left of the current period, to the cent: for each invoice that paid
 * for this period (the purchase, renewal or upgrade that opened it), what it charged (its plan
 * lines less its coupons; a credit it carried over was paid for an earlier period, and is in that
 * period's invoice), times the share of the time it paid for that is still to come. Never the list
 * price or today's seat count, which a change without a charge could have raised. Nothing for a
 * one-time plan, an ended period, or a period no invoice paid for.
 */
async function paidForRestOfPeriod(
  tx: Transaction,
  subscription: SubscriptionRow,
  at: Date,
): Promise<{ amountCents: number; seats: number; invoices: number }> {
  const end = subscription.currentPeriodEnd;
  if (!end || end <= at) return { amountCents: 0, seats: 0, invoices: 0 };
  const rows = await tx
    .select({
      number: invoices.number,
      start: invoices.periodStart,
      issuedAt: invoices.issuedAt,
      kind: invoiceLines.kind,
      quantity: invoiceLines.quantity,
      amountCents: invoiceLines.amountCents,
    })
    .from(invoices)
    .innerJoin(invoiceLines, eq(invoiceLines.invoiceNumber, invoices.number))
    .where(and(eq(invoices.subscriptionId, subscription.id), eq(invoices.periodEnd, end)));
  const paid = new Map<number, { start: Date; cents: number; seats: number }>();
  for (const row of rows) {
    const invoice = paid.get(row.number) ?? { start: row.start ?? row.issuedAt, cents: 0, seats: 0 };
    if (row.kind !== 'prorationCredit') invoice.cents += row.amountCents;
    if (row.kind === 'plan') invoice.seats += row.quantity;
    paid.set(row.number, invoice);
  }
  let unusedCents = 0;
  let seats = 0;
  for (const { start, cents, seats: invoiceSeats } of paid.values()) {
    const periodMs = end.getTime() - start.getTime();
    if (periodMs <= 0 || cents <= 0) continue;
    const leftMs = end.getTime() - Math.max(at.getTime(), start.getTime());
    unusedCents += (cents * leftMs) / periodMs;
    seats += invoiceSeats;
  }
  return { amountCents: Math.round(unusedCents), seats, invoices: paid.size };
}

/**
 * The account an upgrade's invoice goes to: the subscription's, else its owner's, opened on first
 * use under the owner's `recurlyAccountCode` (older rows and demo data may have none yet).
 */
async function billingAccountCodeOf(tx: Transaction, subscription: SubscriptionRow): Promise<string> {
  if (subscription.billingAccountCode) return subscription.billingAccountCode;
  const [account] = await tx
    .select({ code: billingAccounts.code })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, subscription.ownerId));
  if (account) return account.code;
  const [owner] = await tx
    .select({ code: users.recurlyAccountCode })
    .from(users)
    .where(eq(users.id, subscription.ownerId));
  const code = owner?.code ?? crypto.randomUUID();
  await tx.insert(billingAccounts).values({ code, userId: subscription.ownerId });
  if (!owner?.code) await tx.update(users).set({ recurlyAccountCode: code }).where(eq(users.id, subscription.ownerId));
  return code;
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BillingEvent } from '../../../contract/billing';
import { ErrorCode } from '../../../contract/errors';
import { SubscriptionMessage } from '../../../contract/subscriptions';
import type { Database } from '../../db/database';
import { billingAccounts, billingEvents, plans, subscriptions, teamMembers, teams, users } from '../../db/schema';
import { Refusal } from '../refusal';
import { redeemOnSubscription } from './coupons';
import { issueInvoice, type PlanRow, periodEndOf, type SubscriptionRow, type Transaction } from './ledger-core';
import { planLine, renewPeriod } from './renewals';

/** An event the portal cannot apply: the order site must correct it; nothing was recorded. */
const unprocessable = (message: string) => new Refusal(ErrorCode.validation, message, { kind: 'unprocessable' });

type CreatedEvent = Extract<BillingEvent, { type: 'subscription.created' }>;
type PaymentMethodEvent = Extract<BillingEvent, { type: 'payment_method.updated' }>;

function subscriptionTypeOf(plan: Pick<PlanRow, 'type'>): SubscriptionRow['type'] {
  return plan.type === 'router' ? 'others' : plan.type;
}

/** A plan with a fixed number of seats (families: 1) takes that; otherwise the seats must fit the plan. */
function quantityFor(plan: PlanRow, requested: number): number {
  if (plan.type === 'families' || plan.minSeats === plan.maxSeats) return plan.minSeats;
  if (requested > plan.maxSeats) throw unprocessable(SubscriptionMessage.quantityAboveMaximum);
  if (requested < plan.minSeats) throw unprocessable(`This plan needs at least ${plan.minSeats} seats.`);
  return requested;
}

/** The user's billing account, created on the first purchase with the user's account code. */
async function billingAccountOf(tx: Transaction, user: typeof users.$inferSelect): Promise<string> {
  const [existing] = await tx
    .select({ code: billingAccounts.code })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, user.id));
  if (existing) return existing.code;
  const code = user.recurlyAccountCode ?? `acct_${randomBytes(12).toString('hex')}`;
  await tx.insert(billingAccounts).values({ code, userId: user.id });
  if (user.recurlyAccountCode === null) {
    await tx.update(users).set({ recurlyAccountCode: code }).where(eq(users.id, user.id));
  }
  return code;
}

async function createSubscription(tx: Transaction, data: CreatedEvent['data'], now: Date): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.email, data.accountEmail));
  if (!user) throw unprocessable('There is no account with this e-mail address: the person must sign up first.');
  // A purchase never goes to an account whose address nobody proved (a team member who has not yet
  // opened their mail): the order site sends the event again once they have.
  if (user.emailVerifiedAt === null) {
    throw unprocessable('The account with this e-mail address has not confirmed its address yet: try again later.');
  }
  const [plan] = await tx.select().from(plans).where(eq(plans.planCode, data.planCode));
  if (!plan) throw unprocessable(`There is no plan with the code ${data.planCode}.`);
  const [taken] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.referenceId, data.referenceId));
  if (taken) throw unprocessable(`A subscription with the reference id ${data.referenceId} exists already.`);

  const quantity = quantityFor(plan, data.quantity);
  const accountCode = await billingAccountOf(tx, user);
  const periodStart = data.purchasedAt ? new Date(data.purchasedAt) : now;
  const periodEnd = periodEndOf(periodStart, plan);

  let teamId: number | null = null;
  if (plan.type === 'teams' || plan.type === 'families') {
    const [team] = await tx
      .insert(teams)
      .values({ name: `${plan.productName}: ${user.title ?? user.email}` })
      .returning({ id: teams.id });
    if (!team) throw new Error('team insert returned nothing');
    teamId = team.id;
    await tx.insert(teamMembers).values({ teamId, userId: user.id, role: 'admin' });
  }

  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      referenceId: data.referenceId,
      ownerId: user.id,
      teamId,
      type: subscriptionTypeOf(plan),
      state: 'active',
      productName: plan.productName,
      planCode: plan.planCode,
      quantity,
      blackfriday24Eligible: data.blackfriday24Eligible,
      billingAccountCode: accountCode,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      createdAt: periodStart,
      updatedAt: now,
    })
    .returning();
  if (!subscription) throw new Error('subscription insert returned nothing');

  await issueInvoice(tx, {
    accountCode,
    subscriptionId: subscription.id,
    reason: 'purchase',
    issuedAt: periodStart,
    periodStart,
    periodEnd,
    currency: plan.currency,
    lines: [planLine(plan, quantity)],
  });
  if (data.couponId) {
    // The order site took the coupon with the purchase: the coupon's rules hold as on the portal.
    await redeemOnSubscription(tx, data.couponId, subscription, accountCode, periodStart).catch((error: unknown) => {
      throw error instanceof Refusal ? unprocessable(error.message) : error;
    });
  }
}

async function lockByReference(tx: Transaction, referenceId: string) {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.referenceId, referenceId))
    .for('update')
    .limit(1);
  if (!subscription) throw unprocessable(`There is no subscription with the reference id ${referenceId}.`);
  return subscription;
}

/** The order site took the next period's payment: the period moves on, and the subscription is active. */
async function renewSubscription(tx: Transaction, referenceId: string, now: Date): Promise<void> {
  const subscription = await lockByReference(tx, referenceId);
  const [plan] = await tx.select().from(plans).where(eq(plans.planCode, subscription.planCode));
  if (!plan || plan.durationMonths === 0) throw unprocessable('This subscription is one-time and never renews.');
  const renewed = await renewPeriod(tx, subscription, plan, now);
  await tx.update(subscriptions).set({ state: 'active', canceledAt: null }).where(eq(subscriptions.id, renewed.id));
}

async function expireSubscription(tx: Transaction, referenceId: string, now: Date): Promise<void> {
  const subscription = await lockByReference(tx, referenceId);
  await tx.update(subscriptions).set({ state: 'expired', updatedAt: now }).where(eq(subscriptions.id, subscription.id));
}

/** The person gave the order site another card: the account names it from now on. */
async function updatePaymentMethod(tx: Transaction, data: PaymentMethodEvent['data'], now: Date): Promise<void> {
  const { brand, last4, expMonth, expYear } = data.paymentMethod;
  const updated = await tx
    .update(billingAccounts)
    .set({
      paymentBrand: brand,
      paymentLast4: last4,
      paymentExpMonth: expMonth,
      paymentExpYear: expYear,
      paymentUpdatedAt: now,
    })
    .where(eq(billingAccounts.code, data.accountCode))
    .returning({ code: billingAccounts.code });
  if (updated.length === 0) throw unprocessable(`There is no billing account with the code ${data.accountCode}.`);
}

/**
 * Applies an event of the order site in one transaction with its record in billing_events: an
 * event id seen before changes nothing ('replayed'), and an event that cannot be applied is not
 * recorded, so the order site may send it again once corrected.
 */
export function createEventApplier(db: Database, now: () => Date) {
  return async function applyEvent(event: BillingEvent): Promise<'applied' | 'replayed'> {
    return db.transaction(async (tx) => {
      const at = now();
      const recorded = await tx
        .insert(billingEvents)
        .values({ eventId: event.id, type: event.type, payload: event, receivedAt: at })
        .onConflictDoNothing()
        .returning({ eventId: billingEvents.eventId });
      if (recorded.length === 0) return 'replayed';
      switch (event.type) {
        case 'subscription.created':
          await createSubscription(tx, event.data, at);
          break;
        case 'subscription.renewed':
          await renewSubscription(tx, event.data.referenceId, at);
          break;
        case 'subscription.expired':
          await expireSubscription(tx, event.data.referenceId, at);
          break;
        case 'payment_method.updated':
          await updatePaymentMethod(tx, event.data, at);
          break;
      }
      return 'applied';
    });
  };
}

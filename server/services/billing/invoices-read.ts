import { and, asc, desc, eq } from 'drizzle-orm';
import type { BillingOverview, Invoice, InvoiceSummary } from '../../../contract/billing';
import type { Pricing } from '../../../contract/subscriptions';
import type { Database } from '../../db/database';
import { billingAccounts, invoiceLines, invoices, plans, subscriptions, users } from '../../db/schema';
import { commonRefusals } from '../refusal';
import type { Caller } from './billing';
import { couponOf } from './coupons';
import { couponDiscounts, couponsInEffect, lockOwnedSubscription } from './ledger-core';

type InvoiceRow = typeof invoices.$inferSelect;

function summaryOf(row: InvoiceRow): InvoiceSummary {
  return {
    invoiceNumber: row.number,
    issuedAt: row.issuedAt.toISOString(),
    reason: row.reason,
    totalCents: row.totalCents,
    currency: row.currency,
  };
}

/** Prices per period in major units, as the order site's pages read them. */
function toMajorUnits(cents: number): number {
  return cents / 100;
}

/** The billing page, the printable invoice and the public price list. */
export function createBillingReads(db: Database) {
  return {
    async overview(caller: Caller, referenceId: string): Promise<BillingOverview> {
      return db.transaction(async (tx) => {
        const { subscription, plan } = await lockOwnedSubscription(tx, caller, referenceId);
        const inEffect = await couponsInEffect(tx, subscription.id);
        const renews = plan !== null && plan.durationMonths > 0 && subscription.state === 'active';
        let nextAmountCents: number | null = null;
        if (renews) {
          const subtotal = plan.priceCents * subscription.quantity;
          const discounts = couponDiscounts(inEffect, subtotal);
          nextAmountCents = discounts.reduce((sum, { line }) => sum + line.amountCents, subtotal);
        }
        const rows = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.subscriptionId, subscription.id))
          .orderBy(desc(invoices.issuedAt), desc(invoices.number));
        return {
          referenceId: subscription.referenceId,
          accountCode: subscription.billingAccountCode ?? '',
          planCode: subscription.planCode,
          productName: subscription.productName,
          title: plan?.title ?? subscription.productName,
          state: subscription.state,
          quantity: subscription.quantity,
          cancelable: plan?.cancelable ?? false,
          durationMonths: plan?.durationMonths ?? 0,
          currency: plan?.currency ?? 'USD',
          nextBillingDate: subscription.currentPeriodEnd?.toISOString() ?? null,
          nextAmountCents,
          couponsApplied: inEffect.map(couponOf),
          invoices: rows.map(summaryOf),
        };
      });
    },

    /** Only the person whose billing account the invoice is on sees it; for anyone else it does not exist. */
    async invoice(caller: Caller, invoiceNumber: number): Promise<Invoice> {
      const [found] = await db
        .select({ invoice: invoices, referenceId: subscriptions.referenceId, email: users.email, title: users.title })
        .from(invoices)
        .innerJoin(billingAccounts, eq(billingAccounts.code, invoices.accountCode))
        .innerJoin(users, eq(users.id, billingAccounts.userId))
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .where(and(eq(invoices.number, invoiceNumber), eq(billingAccounts.userId, caller.userId)));
      if (!found) throw commonRefusals.notFound();
      const lines = await db
        .select({
          kind: invoiceLines.kind,
          description: invoiceLines.description,
          quantity: invoiceLines.quantity,
          amountCents: invoiceLines.amountCents,
        })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceNumber, invoiceNumber))
        .orderBy(asc(invoiceLines.position));
      const { invoice } = found;
      return {
        ...summaryOf(invoice),
        referenceId: found.referenceId,
        accountCode: invoice.accountCode,
        billedTo: found.title ? `${found.title} <${found.email}>` : found.email,
        periodStart: invoice.periodStart?.toISOString() ?? null,
        periodEnd: invoice.periodEnd?.toISOString() ?? null,
        lines,
      };
    },

    /** Every plan's price, and `<plan>.blackfriday24` where the plan has a Black Friday price. */
    async pricing(): Promise<Pricing> {
      const rows = await db
        .select({
          planCode: plans.planCode,
          priceCents: plans.priceCents,
          blackfriday24PriceCents: plans.blackfriday24PriceCents,
        })
        .from(plans)
        .orderBy(asc(plans.sortOrder), asc(plans.planCode));
      const pricing: Pricing = {};
      for (const plan of rows) {
        pricing[plan.planCode] = toMajorUnits(plan.priceCents);
        if (plan.blackfriday24PriceCents !== null) {
          pricing[`${plan.planCode}.blackfriday24`] = toMajorUnits(plan.blackfriday24PriceCents);
        }
      }
      return pricing;
    },
  };
}

import { and, asc, desc, eq } from 'drizzle-orm';
import type { BillingOverview, Invoice, InvoiceSummary, PaymentMethod } from '../../../contract/billing';
import { pricePerPeriodCents } from '../../../contract/pricing';
import type { Pricing } from '../../../contract/subscriptions';
import type { Database } from '../../db/database';
import { billingAccounts, invoiceLines, invoices, plans, subscriptions, users } from '../../db/schema';
import { commonRefusals } from '../refusal';
import type { Caller } from './billing';
import { couponOf } from './coupons';
import { couponDiscounts, couponsInEffect, lockOwnedSubscription } from './ledger-core';

type InvoiceRow = typeof invoices.$inferSelect;
type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** The card on the account, when the order site has named one (migration 0034: all four or none). */
function paymentMethodOf(account: BillingAccountRow | undefined): PaymentMethod | null {
  if (!account) return null;
  const { paymentBrand: brand, paymentLast4: last4, paymentExpMonth: expMonth, paymentExpYear: expYear } = account;
  if (brand === null || last4 === null || expMonth === null || expYear === null) return null;
  return { brand, last4, expMonth, expYear };
}

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
        const priceCents = pricePerPeriodCents(plan?.priceCents ?? 0, subscription.quantity);
        const renews = plan !== null && plan.durationMonths > 0 && subscription.state === 'active';
        let nextAmountCents: number | null = null;
        if (renews) {
          // Fewer seats asked for are what the renewal bills (docs/decisions/0023-seats-priced.md).
          const renewalCents = pricePerPeriodCents(
            plan.priceCents,
            subscription.renewalQuantity ?? subscription.quantity,
          );
          const discounts = couponDiscounts(inEffect, renewalCents);
          nextAmountCents = discounts.reduce((sum, { line }) => sum + line.amountCents, renewalCents);
        }
        // The owner's own account only: the subscription names it, and the caller must hold it.
        const [account] =
          subscription.billingAccountCode === null
            ? []
            : await tx
                .select()
                .from(billingAccounts)
                .where(
                  and(
                    eq(billingAccounts.code, subscription.billingAccountCode),
                    eq(billingAccounts.userId, caller.userId),
                  ),
                );
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
          priceCents,
          nextBillingDate: subscription.currentPeriodEnd?.toISOString() ?? null,
          nextAmountCents,
          couponsApplied: inEffect.map(couponOf),
          invoices: rows.map(summaryOf),
          paymentMethod: paymentMethodOf(account),
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

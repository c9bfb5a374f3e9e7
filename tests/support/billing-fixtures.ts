import type { BillingOverview, Invoice, InvoiceSummary } from '../../contract/billing';
import type { Coupon, UpgradeOption, UpgradePreview } from '../../contract/subscriptions';

/** Contract-shaped sample data for the upgrade and billing screens' tests. */

export function anUpgradeOption(overrides: Partial<UpgradeOption> = {}): UpgradeOption {
  return {
    hash: 'offer-teams-yearly',
    planCode: 'teams-yearly',
    productName: 'Bonding Teams',
    title: 'Teams, yearly',
    type: 'teams',
    priceCents: 14_999,
    discountPriceCents: null,
    currency: 'USD',
    durationMonths: 12,
    cancelable: true,
    maxSeats: 500,
    ...overrides,
  };
}

/** A one-time plan: billed once, no months to spread the price over, one seat. */
export function aOneTimeOption(overrides: Partial<UpgradeOption> = {}): UpgradeOption {
  return anUpgradeOption({
    hash: 'offer-router-lifetime',
    planCode: 'router-lifetime',
    productName: 'Bonding Router',
    title: 'Router with lifetime service',
    type: 'router',
    priceCents: 29_999,
    durationMonths: 0,
    cancelable: false,
    maxSeats: 1,
    ...overrides,
  });
}

export function aPreview(overrides: Partial<UpgradePreview> = {}): UpgradePreview {
  return {
    planCode: 'teams-yearly',
    quantity: 5,
    currency: 'USD',
    lines: [
      { kind: 'plan', description: 'Teams, yearly', quantity: 5, amountCents: 74_995 },
      { kind: 'prorationCredit', description: 'Teams, monthly', quantity: 5, amountCents: -3_748 },
      { kind: 'couponDiscount', description: 'WELCOME10', quantity: 1, amountCents: -7_125 },
    ],
    totalCents: 64_122,
    nextBillingDate: '2027-11-23T12:00:00.000Z',
    ...overrides,
  };
}

export function aCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    couponId: 'WELCOME10',
    name: 'Welcome ten percent',
    percentOff: 10,
    amountOffCents: null,
    currency: 'USD',
    duration: 'forever',
    expiresAt: null,
    ...overrides,
  };
}

function anInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    invoiceNumber: 1001,
    issuedAt: '2026-10-22T12:00:00.000Z',
    reason: 'purchase',
    totalCents: 1_499,
    currency: 'USD',
    ...overrides,
  };
}

export function aBillingOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    referenceId: 'teams-1',
    accountCode: 'acct-owner',
    planCode: 'teams-monthly',
    productName: 'Bonding Teams',
    title: 'Teams, monthly',
    state: 'active',
    quantity: 5,
    cancelable: true,
    durationMonths: 1,
    currency: 'USD',
    priceCents: 7_495,
    nextBillingDate: '2026-12-22T12:00:00.000Z',
    nextAmountCents: 6_746,
    couponsApplied: [aCoupon()],
    invoices: [
      anInvoiceSummary(),
      anInvoiceSummary({
        invoiceNumber: 1002,
        issuedAt: '2026-11-22T12:00:00.000Z',
        reason: 'renewal',
        totalCents: 6_746,
      }),
    ],
    paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2028 },
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...anInvoiceSummary({
      invoiceNumber: 1003,
      issuedAt: '2026-11-23T12:00:00.000Z',
      reason: 'upgrade',
      totalCents: 64_122,
    }),
    referenceId: 'teams-1',
    accountCode: 'acct-owner',
    billedTo: 'owner@example.com',
    periodStart: '2026-11-23T12:00:00.000Z',
    periodEnd: '2027-11-23T12:00:00.000Z',
    lines: aPreview().lines,
    ...overrides,
  };
}

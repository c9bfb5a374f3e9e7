import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BillingChooserView, type BillingState, BillingView } from '../../src/features/billing/billing.view';
import { type InvoiceState, InvoiceView } from '../../src/features/billing/invoice.view';
import { aBillingOverview, aCoupon, anInvoice } from '../support/billing-fixtures';
import { aSubscription } from '../support/fixtures';
import { TestI18n } from '../support/i18n';

function renderBilling(state: BillingState) {
  const onRetry = vi.fn();
  render(
    <TestI18n>
      <BillingView
        state={state}
        onRetry={onRetry}
        invoiceLink={(invoice) => (
          <a href={`/billing/invoices/${invoice.invoiceNumber}`}>Invoice {invoice.invoiceNumber}</a>
        )}
        subscriptionLink={({ referenceId, children }) => (
          <a href={`/subscription?referenceId=${referenceId}`}>{children}</a>
        )}
      />
    </TestI18n>,
  );
  return onRetry;
}

function renderInvoice(state: InvoiceState) {
  const handlers = { onPrint: vi.fn(), onRetry: vi.fn() };
  const { container } = render(
    <TestI18n>
      <InvoiceView state={state} {...handlers} backLink={<a href="/billing">Back to billing</a>} />
    </TestI18n>,
  );
  return { ...handlers, container };
}

describe('billing view', () => {
  it('shows the plan, its price, the next charge, the card, the coupons and the invoices', () => {
    renderBilling({ status: 'ready', overview: aBillingOverview() });
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    const plan = within(screen.getByRole('region', { name: 'Current plan' }));
    expect(plan.getByText('Teams, monthly')).toBeVisible();
    expect(plan.getByText('Bonding Teams · Active · 5 seats')).toBeVisible();
    expect(plan.getByText('$74.95 per month')).toBeVisible();
    expect(plan.getByText('Next billing date: December 22, 2026, for $67.46')).toBeVisible();
    expect(plan.getByRole('link', { name: 'Cancel or change this subscription' })).toHaveAttribute(
      'href',
      '/subscription?referenceId=teams-1',
    );

    const paymentMethod = within(screen.getByRole('region', { name: 'Payment method' }));
    expect(paymentMethod.getByText('Visa ending in 4242, expires 08/2028')).toBeVisible();

    const coupons = within(screen.getByRole('region', { name: 'Coupons applied' }));
    expect(coupons.getByRole('listitem')).toHaveTextContent('Welcome ten percent: 10% off (every invoice)');

    const invoices = within(screen.getByRole('region', { name: 'Invoices' }));
    const rows = invoices.getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NumberDateReasonTotal',
      'Invoice 1001October 22, 2026Purchase$14.99',
      'Invoice 1002November 22, 2026Renewal$67.46',
    ]);
    expect(invoices.getByRole('link', { name: 'Invoice 1002' })).toHaveAttribute('href', '/billing/invoices/1002');
  });

  it('words the price per cycle: yearly, every three years', () => {
    renderBilling({
      status: 'ready',
      overview: aBillingOverview({ planCode: 'teams-yearly', durationMonths: 12, quantity: 1, priceCents: 14_999 }),
    });
    expect(screen.getByText('$149.99 per year')).toBeVisible();
    cleanup();
    renderBilling({
      status: 'ready',
      overview: aBillingOverview({ planCode: 'personal-3year', durationMonths: 36, quantity: 1, priceCents: 19_999 }),
    });
    expect(screen.getByText('$199.99 every three years')).toBeVisible();
  });

  it('says when no payment method is on file', () => {
    renderBilling({ status: 'ready', overview: aBillingOverview({ paymentMethod: null }) });
    const paymentMethod = within(screen.getByRole('region', { name: 'Payment method' }));
    expect(paymentMethod.getByText('No payment method on file.')).toBeVisible();
    expect(screen.queryByText(/ending in/)).toBeNull();
  });

  it('offers the way to cancel only while the plan is active and cancelable', () => {
    const cancelLink = () => screen.queryByRole('link', { name: 'Cancel or change this subscription' });
    for (const overrides of [
      { state: 'canceled', nextAmountCents: null },
      { state: 'expired', nextAmountCents: null },
      { planCode: 'router-lifetime', cancelable: false, durationMonths: 0, nextBillingDate: null },
    ] as const) {
      renderBilling({ status: 'ready', overview: aBillingOverview(overrides) });
      expect(screen.getByRole('region', { name: 'Current plan' })).toBeVisible();
      expect(cancelLink()).toBeNull();
      cleanup();
    }
    renderBilling({ status: 'ready', overview: aBillingOverview({ state: 'active', cancelable: true }) });
    expect(cancelLink()).toBeVisible();
  });

  it('says when there are no invoices and no coupons yet', () => {
    renderBilling({ status: 'ready', overview: aBillingOverview({ invoices: [], couponsApplied: [] }) });
    expect(screen.getByText('No invoices yet.')).toBeVisible();
    expect(screen.getByText('No coupons applied.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('words an amount-off coupon used once', () => {
    const coupon = aCoupon({ name: 'Five off', percentOff: null, amountOffCents: 500, duration: 'once' });
    renderBilling({ status: 'ready', overview: aBillingOverview({ couponsApplied: [coupon] }) });
    expect(screen.getByRole('listitem')).toHaveTextContent('Five off: $5.00 off (the next invoice)');
  });

  it('says a canceled plan ends and a one-time plan does not renew', () => {
    renderBilling({ status: 'ready', overview: aBillingOverview({ state: 'canceled', nextAmountCents: null }) });
    expect(screen.getByText('Ends on December 22, 2026; nothing more will be charged.')).toBeVisible();
    expect(screen.getByText(/Canceled/)).toBeVisible();
  });

  it('says a one-time plan is billed once and nothing renews', () => {
    renderBilling({
      status: 'ready',
      overview: aBillingOverview({
        planCode: 'router-lifetime',
        cancelable: false,
        durationMonths: 0,
        quantity: 1,
        priceCents: 24_900,
        nextBillingDate: null,
        nextAmountCents: null,
      }),
    });
    expect(screen.getByText('$249.00, billed once')).toBeVisible();
    expect(screen.getByText('Nothing renews: this plan is paid once.')).toBeVisible();
  });

  it('says the billing is loading', () => {
    renderBilling({ status: 'loading' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your billing…');
  });

  it('shows the server message of a failure with a way to try again', async () => {
    const onRetry = renderBilling({ status: 'failed', message: 'Only the owner of this subscription can do this.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Only the owner of this subscription can do this.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('lets an owner of several subscriptions choose one', () => {
    render(
      <TestI18n>
        <BillingChooserView
          subscriptions={[
            aSubscription({ referenceId: 'a', title: 'Teams, monthly' }),
            aSubscription({ referenceId: 'b', title: 'Personal, yearly' }),
          ]}
          billingLink={(subscription) => (
            <a href={`/billing?referenceId=${subscription.referenceId}`}>{subscription.title}</a>
          )}
        />
      </TestI18n>,
    );
    expect(screen.getByRole('link', { name: 'Personal, yearly' })).toHaveAttribute('href', '/billing?referenceId=b');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('invoice view', () => {
  it('lays the invoice out with its lines and total, and prints on request', async () => {
    const { onPrint, container } = renderInvoice({ status: 'ready', invoice: anInvoice() });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice 1003' })).toBeVisible();
    expect(screen.getByText(/Issued on November 23, 2026/)).toHaveTextContent('Issued on November 23, 2026 · Upgrade');
    expect(screen.getByText('owner@example.com')).toBeVisible();
    expect(screen.getByText('November 23, 2026 to November 23, 2027')).toBeVisible();
    expect(screen.getByRole('row', { name: 'Teams, yearly, 5 seats $749.95' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Credit for the unused time of Teams, monthly -$37.48' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Coupon: WELCOME10 -$71.25' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Total $641.22' })).toBeVisible();
    // On paper, the invoice alone.
    expect(container.querySelector('style[media="print"]')?.textContent).toContain('header, nav, footer');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(onPrint).toHaveBeenCalledOnce();
  });

  it('says an invoice that is not found is not found', () => {
    renderInvoice({ status: 'notFound' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invoice not found.');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to billing' })).toBeVisible();
  });

  it('says the invoice is loading', () => {
    renderInvoice({ status: 'loading' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the invoice…');
  });

  it('shows a failure with the server message and a way to try again', async () => {
    const { onRetry } = renderInvoice({ status: 'failed', message: 'Something broke.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Something broke.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Subscription } from '../../../contract/account';
import type { BillingOverview, InvoiceSummary, PaymentMethod } from '../../../contract/billing';
import { billingCycleOf } from '../../../contract/pricing';
import type { Coupon } from '../../../contract/subscriptions';
import { css } from '../../../styled-system/css';
import { grid, stack } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { invoiceReasonLabels, pricePerCycleLabels, subscriptionStateLabels } from '../../lib/billing-labels';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { card } from '../../theme/recipes/card';

/** What the billing query has given so far. */
export type BillingState =
  | { status: 'loading' }
  | { status: 'failed'; message: string | null }
  | { status: 'ready'; overview: BillingOverview };

export type BillingViewProps = {
  state: BillingState;
  onRetry: () => void;
  invoiceLink: (invoice: InvoiceSummary) => ReactNode;
  /** The router's link to the subscription's portal, where it is canceled or changed, with the view's words. */
  subscriptionLink: (link: { referenceId: string; children: ReactNode }) => ReactNode;
};

function CouponItem({ coupon }: { coupon: Coupon }) {
  const { i18n } = useLingui();
  const name = coupon.name;
  const percent = coupon.percentOff;
  const amount = coupon.amountOffCents === null ? '' : formatMoney(coupon.amountOffCents, coupon.currency, i18n.locale);
  return (
    <li>
      <Text as="span" weight="medium">
        {name}
      </Text>
      {': '}
      {percent === null ? <Trans>{amount} off</Trans> : <Trans>{percent}% off</Trans>}{' '}
      <Text as="span" tone="muted">
        {coupon.duration === 'once' ? <Trans>(the next invoice)</Trans> : <Trans>(every invoice)</Trans>}
      </Text>
    </li>
  );
}

function InvoicesTable({
  invoices,
  invoiceLink,
}: {
  invoices: readonly InvoiceSummary[];
  invoiceLink: BillingViewProps['invoiceLink'];
}) {
  const { i18n } = useLingui();
  const columns: DataTableColumn<InvoiceSummary>[] = [
    { key: 'number', header: <Trans>Number</Trans>, cell: invoiceLink },
    { key: 'date', header: <Trans>Date</Trans>, cell: (invoice) => formatDate(invoice.issuedAt, i18n.locale) },
    {
      key: 'reason',
      header: <Trans>Reason</Trans>,
      cell: (invoice) => i18n._(invoiceReasonLabels[invoice.reason]),
    },
    {
      key: 'total',
      header: <Trans>Total</Trans>,
      numeric: true,
      cell: (invoice) => formatMoney(invoice.totalCents, invoice.currency, i18n.locale),
    },
  ];
  return (
    <DataTable
      caption={<Trans>Invoices</Trans>}
      captionHidden
      inNamedSection
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => String(invoice.invoiceNumber)}
      empty={
        <EmptyState>
          <Trans>No invoices yet.</Trans>
        </EmptyState>
      }
    />
  );
}

function NextBilling({ overview }: { overview: BillingOverview }) {
  const { i18n } = useLingui();
  const date = overview.nextBillingDate === null ? null : formatDate(overview.nextBillingDate, i18n.locale);
  const amount =
    overview.nextAmountCents === null ? null : formatMoney(overview.nextAmountCents, overview.currency, i18n.locale);
  if (date === null)
    return (
      <p>
        <Trans>Nothing renews: this plan is paid once.</Trans>
      </p>
    );
  if (overview.state === 'expired')
    return (
      <p>
        <Trans>Expired on {date}.</Trans>
      </p>
    );
  if (overview.state === 'canceled' || amount === null)
    return (
      <p>
        <Trans>Ends on {date}; nothing more will be charged.</Trans>
      </p>
    );
  return (
    <p>
      <Trans>
        Next billing date: {date}, for {amount}
      </Trans>
    </p>
  );
}

/** The card as the order site names it; the expiry as cards print it (08/2028). */
function PaymentMethodText({ paymentMethod }: { paymentMethod: PaymentMethod }) {
  const { brand, last4 } = paymentMethod;
  const expiry = `${String(paymentMethod.expMonth).padStart(2, '0')}/${paymentMethod.expYear}`;
  return (
    <p>
      <Trans>
        {brand} ending in {last4}, expires {expiry}
      </Trans>
    </p>
  );
}

function Overview({
  overview,
  invoiceLink,
  subscriptionLink,
}: {
  overview: BillingOverview;
  invoiceLink: BillingViewProps['invoiceLink'];
  subscriptionLink: BillingViewProps['subscriptionLink'];
}) {
  const { i18n } = useLingui();
  const title = overview.title;
  const quantity = overview.quantity;
  const price = formatMoney(overview.priceCents, overview.currency, i18n.locale);
  return (
    <div className={grid({ columns: { base: 1, md: 2 }, gap: '4' })}>
      <Card title={<Trans>Current plan</Trans>} titleId="billing-plan-title">
        <Text weight="semibold">{title}</Text>
        <Text tone="muted">
          {overview.productName} · {i18n._(subscriptionStateLabels[overview.state])}
          {quantity > 1 ? (
            <>
              {' · '}
              <Plural value={quantity} one="# seat" other="# seats" />
            </>
          ) : null}
        </Text>
        <p>{i18n._(pricePerCycleLabels[billingCycleOf(overview)](price))}</p>
        <NextBilling overview={overview} />
        {overview.state === 'active' && overview.cancelable ? (
          <p>
            {subscriptionLink({
              referenceId: overview.referenceId,
              children: <Trans>Cancel or change this subscription</Trans>,
            })}
          </p>
        ) : null}
      </Card>
      <Card title={<Trans>Payment method</Trans>} titleId="billing-payment-method-title">
        {overview.paymentMethod === null ? (
          <EmptyState>
            <Trans>No payment method on file.</Trans>
          </EmptyState>
        ) : (
          <PaymentMethodText paymentMethod={overview.paymentMethod} />
        )}
      </Card>
      <Card
        title={<Trans>Coupons applied</Trans>}
        titleId="billing-coupons-title"
        className={css({ gridColumn: '1 / -1' })}
      >
        {overview.couponsApplied.length === 0 ? (
          <EmptyState>
            <Trans>No coupons applied.</Trans>
          </EmptyState>
        ) : (
          <ul className={stack({ gap: '1' })}>
            {overview.couponsApplied.map((coupon) => (
              <CouponItem key={coupon.couponId} coupon={coupon} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={<Trans>Invoices</Trans>} titleId="billing-invoices-title" className={css({ gridColumn: '1 / -1' })}>
        <InvoicesTable invoices={overview.invoices} invoiceLink={invoiceLink} />
      </Card>
    </div>
  );
}

/** The billing page of one subscription: its plan and price, next charge, card, coupons and invoices. */
export function BillingView({ state, onRetry, invoiceLink, subscriptionLink }: BillingViewProps) {
  const { t } = useLingui();
  return (
    <div className={stack({ gap: '6' })}>
      <PageHeader title={<Trans>Billing</Trans>} />
      {state.status === 'loading' ? (
        <Text role="status" tone="muted">
          <Trans>Loading your billing…</Trans>
        </Text>
      ) : null}
      {state.status === 'failed' ? (
        <Alert onRetry={onRetry}>{state.message ?? t`We could not load your billing.`}</Alert>
      ) : null}
      {state.status === 'ready' ? (
        <Overview overview={state.overview} invoiceLink={invoiceLink} subscriptionLink={subscriptionLink} />
      ) : null}
    </div>
  );
}

/** Several owned subscriptions and none named: the person picks whose billing to see. */
export function BillingChooserView({
  subscriptions,
  billingLink,
}: {
  subscriptions: readonly Subscription[];
  billingLink: (subscription: Subscription) => ReactNode;
}) {
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader title={<Trans>Billing</Trans>} />
      <p>
        <Trans>Which subscription's billing would you like to see?</Trans>
      </p>
      <ul className={stack({ gap: '2' })}>
        {subscriptions.map((subscription) => (
          <li key={subscription.referenceId} className={card().root}>
            {billingLink(subscription)}
            <Text as="span" tone="muted">
              {subscription.productName}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

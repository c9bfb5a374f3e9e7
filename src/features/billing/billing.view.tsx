import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Subscription } from '../../../contract/account';
import type { BillingOverview, InvoiceSummary } from '../../../contract/billing';
import { billingCycleOf } from '../../../contract/pricing';
import type { Coupon } from '../../../contract/subscriptions';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { billingCycleLabels, invoiceReasonLabels, subscriptionStateLabels } from '../../lib/billing-labels';
import { formatDate, formatMoney } from '../../lib/format-money';

/** What the billing query has given so far. */
export type BillingState =
  | { status: 'loading' }
  | { status: 'failed'; message: string | null }
  | { status: 'ready'; overview: BillingOverview };

export type BillingViewProps = {
  state: BillingState;
  onRetry: () => void;
  invoiceLink: (invoice: InvoiceSummary) => ReactNode;
};

const muted = css({ color: 'fg.muted' });
const pageTitle = css({ fontSize: '2xl', fontWeight: 'bold' });
const cellStyle = css({ paddingBlock: '2', paddingInlineEnd: '4', textAlign: 'start' });
const amountStyle = css({ paddingBlock: '2', textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

function CouponItem({ coupon }: { coupon: Coupon }) {
  const { i18n } = useLingui();
  const name = coupon.name;
  const percent = coupon.percentOff;
  const amount = coupon.amountOffCents === null ? '' : formatMoney(coupon.amountOffCents, coupon.currency, i18n.locale);
  return (
    <li>
      <span className={css({ fontWeight: 'medium' })}>{name}</span>
      {': '}
      {percent === null ? <Trans>{amount} off</Trans> : <Trans>{percent}% off</Trans>}{' '}
      <span className={muted}>
        {coupon.duration === 'once' ? <Trans>(the next invoice)</Trans> : <Trans>(every invoice)</Trans>}
      </span>
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
  if (invoices.length === 0)
    return (
      <p className={muted}>
        <Trans>No invoices yet.</Trans>
      </p>
    );
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ width: '100%', borderCollapse: 'collapse' })}>
        <thead>
          <tr className={css({ borderBottomWidth: '1px', borderColor: 'border' })}>
            <th scope="col" className={cellStyle}>
              <Trans>Number</Trans>
            </th>
            <th scope="col" className={cellStyle}>
              <Trans>Date</Trans>
            </th>
            <th scope="col" className={cellStyle}>
              <Trans>Reason</Trans>
            </th>
            <th scope="col" className={amountStyle}>
              <Trans>Total</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.invoiceNumber} className={css({ borderBottomWidth: '1px', borderColor: 'border' })}>
              <td className={cellStyle}>{invoiceLink(invoice)}</td>
              <td className={cellStyle}>{formatDate(invoice.issuedAt, i18n.locale)}</td>
              <td className={cellStyle}>{i18n._(invoiceReasonLabels[invoice.reason])}</td>
              <td className={amountStyle}>{formatMoney(invoice.totalCents, invoice.currency, i18n.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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

function Overview({
  overview,
  invoiceLink,
}: {
  overview: BillingOverview;
  invoiceLink: BillingViewProps['invoiceLink'];
}) {
  const { i18n } = useLingui();
  const title = overview.title;
  const quantity = overview.quantity;
  return (
    <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } })}>
      <section aria-labelledby="billing-plan-title" className={card}>
        <h2 id="billing-plan-title" className={cardTitle}>
          <Trans>Current plan</Trans>
        </h2>
        <p className={css({ fontWeight: 'semibold' })}>{title}</p>
        <p className={muted}>
          {overview.productName} · {i18n._(subscriptionStateLabels[overview.state])}
          {quantity > 1 ? (
            <>
              {' · '}
              <Plural value={quantity} one="# seat" other="# seats" />
            </>
          ) : null}
        </p>
        <p>{i18n._(billingCycleLabels[billingCycleOf(overview)])}</p>
        <NextBilling overview={overview} />
      </section>
      <section aria-labelledby="billing-coupons-title" className={card}>
        <h2 id="billing-coupons-title" className={cardTitle}>
          <Trans>Coupons applied</Trans>
        </h2>
        {overview.couponsApplied.length === 0 ? (
          <p className={muted}>
            <Trans>No coupons applied.</Trans>
          </p>
        ) : (
          <ul className={css({ listStyle: 'none', display: 'grid', gap: '1' })}>
            {overview.couponsApplied.map((coupon) => (
              <CouponItem key={coupon.couponId} coupon={coupon} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="billing-invoices-title" className={cx(card, css({ gridColumn: '1 / -1' }))}>
        <h2 id="billing-invoices-title" className={cardTitle}>
          <Trans>Invoices</Trans>
        </h2>
        <InvoicesTable invoices={overview.invoices} invoiceLink={invoiceLink} />
      </section>
    </div>
  );
}

/** The billing page of one subscription: its plan, next charge, coupons and invoices. */
export function BillingView({ state, onRetry, invoiceLink }: BillingViewProps) {
  const { t } = useLingui();
  return (
    <section className={css({ display: 'grid', gap: '6' })}>
      <h1 className={pageTitle}>
        <Trans>Billing</Trans>
      </h1>
      {state.status === 'loading' ? (
        <p role="status" className={muted}>
          <Trans>Loading your billing…</Trans>
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <Alert>
          <span className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            {state.message ?? t`We could not load your billing.`}
            <Button variant="link" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </span>
        </Alert>
      ) : null}
      {state.status === 'ready' ? <Overview overview={state.overview} invoiceLink={invoiceLink} /> : null}
    </section>
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
    <section className={css({ display: 'grid', gap: '4' })}>
      <h1 className={pageTitle}>
        <Trans>Billing</Trans>
      </h1>
      <p>
        <Trans>Which subscription's billing would you like to see?</Trans>
      </p>
      <ul className={css({ listStyle: 'none', display: 'grid', gap: '2' })}>
        {subscriptions.map((subscription) => (
          <li key={subscription.referenceId} className={card}>
            {billingLink(subscription)}
            <span className={muted}>{subscription.productName}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

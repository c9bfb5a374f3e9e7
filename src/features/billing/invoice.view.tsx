import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Invoice } from '../../../contract/billing';
import { css, cx } from '../../../styled-system/css';
import { InvoiceLinesTable } from '../../components/invoice-lines';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { invoiceReasonLabels } from '../../lib/billing-labels';
import { formatDate } from '../../lib/format-money';

export type InvoiceState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; message: string | null }
  | { status: 'ready'; invoice: Invoice };

export type InvoiceViewProps = {
  state: InvoiceState;
  onPrint: () => void;
  onRetry: () => void;
  backLink: ReactNode;
};

const muted = css({ color: 'fg.muted' });
/** Controls that make no sense on paper. */
const screenOnly = css({ _print: { display: 'none' } });

/**
 * On paper, the invoice alone: while this page is shown, its own print rule hides the portal's
 * header, navigation and footer, so the shell need not know about invoices. (Panda's selectors
 * cannot reach outside the element they style, hence a style element; the CSP allows inline styles.)
 */
const shellHiddenOnPaper = 'header, nav, footer { display: none !important; }';
const printable = css({ display: 'grid', gap: '5', _print: { color: 'black', bg: 'white' } });

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { i18n } = useLingui();
  const invoiceNumber = invoice.invoiceNumber;
  const issued = formatDate(invoice.issuedAt, i18n.locale);
  const start = invoice.periodStart === null ? null : formatDate(invoice.periodStart, i18n.locale);
  const end = invoice.periodEnd === null ? null : formatDate(invoice.periodEnd, i18n.locale);
  return (
    <>
      <div className={css({ display: 'grid', gap: '1' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          <Trans>Invoice {invoiceNumber}</Trans>
        </h1>
        <p className={muted}>
          <Trans>Issued on {issued}</Trans> · {i18n._(invoiceReasonLabels[invoice.reason])}
        </p>
      </div>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: '4',
          rowGap: '1',
          '& dt': { color: 'fg.muted' },
        })}
      >
        <dt>
          <Trans>Billed to</Trans>
        </dt>
        <dd>
          <bdi>{invoice.billedTo}</bdi>
        </dd>
        <dt>
          <Trans>Account</Trans>
        </dt>
        <dd>{invoice.accountCode}</dd>
        <dt>
          <Trans>Subscription</Trans>
        </dt>
        <dd>{invoice.referenceId}</dd>
        {start !== null && end !== null ? (
          <>
            <dt>
              <Trans>Period</Trans>
            </dt>
            <dd>
              <Trans>
                {start} to {end}
              </Trans>
            </dd>
          </>
        ) : null}
      </dl>
      <InvoiceLinesTable
        caption={<Trans>Invoice {invoiceNumber}</Trans>}
        lines={invoice.lines}
        currency={invoice.currency}
        totalCents={invoice.totalCents}
        totalLabel={<Trans>Total</Trans>}
      />
    </>
  );
}

/** One invoice, laid out to be printed. */
export function InvoiceView({ state, onPrint, onRetry, backLink }: InvoiceViewProps) {
  const { t } = useLingui();
  return (
    <article className={printable}>
      <style media="print">{shellHiddenOnPaper}</style>
      <div className={cx(css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' }), screenOnly)}>
        {backLink}
        {state.status === 'ready' ? (
          <Button variant="outline" onClick={onPrint} className={css({ marginInlineStart: 'auto' })}>
            <Trans>Print</Trans>
          </Button>
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <p role="status" className={muted}>
          <Trans>Loading the invoice…</Trans>
        </p>
      ) : null}
      {state.status === 'notFound' ? (
        <Alert>
          <Trans>Invoice not found.</Trans>
        </Alert>
      ) : null}
      {state.status === 'failed' ? (
        <Alert>
          <span className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            {state.message ?? t`We could not load the invoice.`}
            <Button variant="link" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </span>
        </Alert>
      ) : null}
      {state.status === 'ready' ? <InvoiceDocument invoice={state.invoice} /> : null}
    </article>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Invoice } from '../../../contract/billing';
import { stack, wrap } from '../../../styled-system/patterns';
import { InvoiceLinesTable } from '../../components/invoice-lines';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Heading, Text } from '../../components/ui/text';
import { invoiceReasonLabels } from '../../lib/billing-labels';
import { formatDate } from '../../lib/format/dates';
import { compactDetailsList } from '../../theme/recipes/details-list';

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

/**
 * On paper, the invoice alone: while this page is shown, its own print rule hides the portal's
 * header, navigation and footer, so the shell need not know about invoices. (Panda's selectors
 * cannot reach outside the element they style, hence a style element; the CSP allows inline styles.)
 */
const shellHiddenOnPaper = 'header, nav, footer { display: none !important; }';

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { i18n } = useLingui();
  const invoiceNumber = invoice.invoiceNumber;
  const issued = formatDate(invoice.issuedAt, i18n.locale);
  const start = invoice.periodStart === null ? null : formatDate(invoice.periodStart, i18n.locale);
  const end = invoice.periodEnd === null ? null : formatDate(invoice.periodEnd, i18n.locale);
  return (
    <>
      {/* Not a PageHeader: its header element would go with the shell's on paper. */}
      <div className={stack({ gap: '1' })}>
        <Heading as="h1" level="page">
          <Trans>Invoice {invoiceNumber}</Trans>
        </Heading>
        <Text tone="muted">
          <Trans>Issued on {issued}</Trans> · {i18n._(invoiceReasonLabels[invoice.reason])}
        </Text>
      </div>
      <dl className={compactDetailsList}>
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
    <article className={stack({ gap: '5', _print: { color: 'black', bg: 'white' } })}>
      <style media="print">{shellHiddenOnPaper}</style>
      {/* The way back and Print make no sense on paper. */}
      <div className={wrap({ gap: '3', align: 'center', justify: 'space-between', _print: { display: 'none' } })}>
        {backLink}
        {state.status === 'ready' ? (
          <Button variant="outline" onClick={onPrint}>
            <Trans>Print</Trans>
          </Button>
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <Text role="status" tone="muted">
          <Trans>Loading the invoice…</Trans>
        </Text>
      ) : null}
      {state.status === 'notFound' ? (
        <Alert>
          <Trans>Invoice not found.</Trans>
        </Alert>
      ) : null}
      {state.status === 'failed' ? (
        <Alert onRetry={onRetry}>{state.message ?? t`We could not load the invoice.`}</Alert>
      ) : null}
      {state.status === 'ready' ? <InvoiceDocument invoice={state.invoice} /> : null}
    </article>
  );
}

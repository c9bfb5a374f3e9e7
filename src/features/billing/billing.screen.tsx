import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { textLink } from '../../components/ui/link';
import { ApiError } from '../../lib/api-client';
import { billingOverviewQuery, invoiceQuery } from './billing.queries';
import { type BillingState, BillingView } from './billing.view';
import { type InvoiceState, InvoiceView } from './invoice.view';

// The billing pages only read: TanStack Query holds their data, and no machine is needed.

function serverMessageOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.body?.message ?? null) : null;
}

export function BillingScreen({ referenceId }: { referenceId: string }) {
  const overview = useQuery(billingOverviewQuery(referenceId));
  const state: BillingState = overview.data
    ? { status: 'ready', overview: overview.data }
    : overview.isError
      ? { status: 'failed', message: serverMessageOf(overview.error) }
      : { status: 'loading' };
  return (
    <BillingView
      state={state}
      onRetry={() => void overview.refetch()}
      invoiceLink={(invoice) => {
        const invoiceNumber = invoice.invoiceNumber;
        return (
          <Link
            to="/billing/invoices/$invoiceNumber"
            params={{ invoiceNumber: String(invoiceNumber) }}
            className={textLink}
          >
            <Trans>Invoice {invoiceNumber}</Trans>
          </Link>
        );
      }}
    />
  );
}

/** The invoice number of the address, when it is one; anything else is an invoice that does not exist. */
export function invoiceNumberOf(param: string): number | null {
  return /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

export function InvoiceScreen({ invoiceNumber }: { invoiceNumber: number | null }) {
  const invoice = useQuery({ ...invoiceQuery(invoiceNumber ?? 0), enabled: invoiceNumber !== null });
  // The server answers 404 for an invoice that is not this person's, as for one that does not exist.
  const notFound = invoiceNumber === null || (invoice.error instanceof ApiError && invoice.error.status === 404);
  const state: InvoiceState = notFound
    ? { status: 'notFound' }
    : invoice.data
      ? { status: 'ready', invoice: invoice.data }
      : invoice.isError
        ? { status: 'failed', message: serverMessageOf(invoice.error) }
        : { status: 'loading' };
  return (
    <InvoiceView
      state={state}
      onPrint={() => window.print()}
      onRetry={() => void invoice.refetch()}
      backLink={
        <Link to="/billing" search={{ referenceId: invoice.data?.referenceId }} className={textLink}>
          <Trans>Back to billing</Trans>
        </Link>
      }
    />
  );
}

import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client';
import { textLink } from '../../theme/recipes/link';
import { invoiceQuery, serverMessageOf } from './billing.queries';
import { type InvoiceState, InvoiceView } from './invoice.view';

// The invoice page only reads: TanStack Query holds its data, and no machine is needed.

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

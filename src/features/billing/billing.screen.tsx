import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { textLink } from '../../theme/recipes/link';
import { billingOverviewQuery, serverMessageOf } from './billing.queries';
import { type BillingState, BillingView } from './billing.view';

// The billing page only reads: TanStack Query holds its data, and no machine is needed.

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
      subscriptionLink={({ referenceId, children }) => (
        <Link to="/subscription" search={{ referenceId }} className={textLink}>
          {children}
        </Link>
      )}
    />
  );
}

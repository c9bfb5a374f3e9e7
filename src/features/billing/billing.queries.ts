import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { BillingOverview, Invoice } from '../../../contract/billing';
import { apiRequest } from '../../lib/api-client';

/** Every billing read starts with this key, so a subscription change refreshes them all. */
export const billingQueryKey = ['billing'] as const;

/** GET /api/billing?referenceId=…: the billing page of one subscription. */
export function billingOverviewQuery(referenceId: string) {
  return queryOptions({
    queryKey: [...billingQueryKey, 'overview', referenceId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${api.billing}?${new URLSearchParams({ referenceId })}`, { schema: BillingOverview, signal }),
    staleTime: 30_000,
  });
}

/** GET /api/billing/invoices/{number}: one invoice for the printable page. */
export function invoiceQuery(invoiceNumber: number) {
  return queryOptions({
    queryKey: [...billingQueryKey, 'invoice', invoiceNumber] as const,
    queryFn: ({ signal }) => apiRequest(api.invoice(invoiceNumber), { schema: Invoice, signal }),
    // An issued invoice never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

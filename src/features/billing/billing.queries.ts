import { queryOptions } from '@tanstack/react-query';
import { getBillingOverview, getInvoice } from '../../../contract/calls/billing';
import { ApiError, callApi } from '../../lib/api-client';

/** Every billing read starts with this key, so a subscription change refreshes them all. */
export const billingQueryKey = ['billing'] as const;

/** GET /api/billing?referenceId=…: the billing page of one subscription. */
export function billingOverviewQuery(referenceId: string) {
  return queryOptions({
    queryKey: [...billingQueryKey, 'overview', referenceId] as const,
    queryFn: ({ signal }) => callApi(getBillingOverview, { query: { referenceId }, signal }),
    staleTime: 30_000,
  });
}

/** GET /api/billing/invoices/{number}: one invoice for the printable page. */
export function invoiceQuery(invoiceNumber: number) {
  return queryOptions({
    queryKey: [...billingQueryKey, 'invoice', invoiceNumber] as const,
    queryFn: ({ signal }) => callApi(getInvoice, { params: { number: invoiceNumber }, signal }),
    // An issued invoice never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The server's own words for a failed billing read, when it gave any. */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.body?.message ?? null) : null;
}

import { queryOptions } from '@tanstack/react-query';
import { getPricing } from '../../../contract/calls/billing';
import { callApi } from '../../lib/api-client';

/** GET /api/pricing (no session): every plan's price; the server lets it be cached for five minutes. */
export const pricingQuery = queryOptions({
  queryKey: ['pricing'] as const,
  queryFn: ({ signal }) => callApi(getPricing, { signal }),
  staleTime: 300_000,
});

import { queryOptions } from '@tanstack/react-query';
import { listRouters } from '../../../contract/calls/routers';
import { callApi } from '../api-client';

// A module of its own, apart from the account user's, which the entry loads: sign-in should not
// carry the router schemas.

/** The person's routers and their teams' (GET /api/account/routers); coupon redemption and team router changes invalidate it. */
export const routersQuery = queryOptions({
  queryKey: ['account', 'routers'] as const,
  queryFn: ({ signal }) => callApi(listRouters, { signal }),
  staleTime: 30_000,
});

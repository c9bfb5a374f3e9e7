import { queryOptions } from '@tanstack/react-query';
import { getSecondFactorStatus } from '../../../contract/calls/second-factor';
import { callApi } from '../../lib/api-client';

/**
 * The account's authenticator app and recovery codes (GET /api/account/second-factor): "Two-step
 * sign-in" reads it, and its changes invalidate it. Read again whenever the page is looked at,
 * since every recovery code used to sign in changes how many are left.
 */
export const secondFactorStatusQuery = queryOptions({
  queryKey: ['account', 'secondFactor'] as const,
  queryFn: ({ signal }) => callApi(getSecondFactorStatus, { signal }),
  staleTime: 0,
});

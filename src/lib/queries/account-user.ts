import { queryOptions } from '@tanstack/react-query';
import { getAccountUser } from '../../../contract/calls/account';
import { callApi } from '../api-client';

/** The signed-in account (GET /api/account/user); a 404 means the account is gone: sign in again. */
export const accountUserQuery = queryOptions({
  queryKey: ['account', 'user'] as const,
  queryFn: ({ signal }) => callApi(getAccountUser, { alsoUnauthorized: [404], signal }),
  staleTime: 30_000,
});

import { queryOptions } from '@tanstack/react-query';
import { AccountUser } from '../../contract/account';
import { api } from '../../contract/api';
import { apiRequest } from './api-client';

/** The signed-in account (GET /api/account/user); a 404 means the account is gone: sign in again. */
export const accountUserQuery = queryOptions({
  queryKey: ['account', 'user'] as const,
  queryFn: ({ signal }) => apiRequest(api.accountUser, { schema: AccountUser, alsoUnauthorized: [404], signal }),
  staleTime: 30_000,
});

import { queryOptions } from '@tanstack/react-query';
import { listLinkedSignIns } from '../../../contract/calls/linked-sign-ins';
import { callApi } from '../../lib/api-client';

/**
 * The person's linked sign-ins and whether the account has a password (GET
 * /api/account/linked-sign-ins): "Linked sign-ins" reads it, and its unlinks invalidate it. Read
 * again whenever the page is looked at, since every sign-in elsewhere changes "last used".
 */
export const linkedSignInsQuery = queryOptions({
  queryKey: ['account', 'linkedSignIns'] as const,
  queryFn: ({ signal }) => callApi(listLinkedSignIns, { signal }),
  staleTime: 0,
});

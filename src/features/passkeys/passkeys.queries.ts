import { queryOptions } from '@tanstack/react-query';
import { listPasskeys } from '../../../contract/calls/passkeys';
import { callApi } from '../../lib/api-client';

/** The account's passkeys (GET /api/account/passkeys): "Passkeys" reads it, and its changes invalidate it. */
export const passkeysQuery = queryOptions({
  queryKey: ['account', 'passkeys'] as const,
  queryFn: ({ signal }) => callApi(listPasskeys, { signal }),
});

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { PasskeyList } from '../../../contract/passkeys';
import { apiRequest } from '../../lib/api-client';

/** The account's passkeys (GET /api/account/passkeys): "Passkeys" reads it, and its changes invalidate it. */
export const passkeysQuery = queryOptions({
  queryKey: ['account', 'passkeys'] as const,
  queryFn: ({ signal }) => apiRequest(api.passkeys, { schema: PasskeyList, signal }),
});

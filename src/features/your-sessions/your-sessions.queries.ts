import { queryOptions } from '@tanstack/react-query';
import { listAccountSessions } from '../../../contract/calls/your-sessions';
import { callApi } from '../../lib/api-client';

/**
 * The person's live sessions (GET /api/account/sessions): "Your sessions" reads it, and its sign-outs
 * invalidate it. Read again whenever the page is looked at, since sessions begin elsewhere.
 */
export const accountSessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'] as const,
  queryFn: ({ signal }) => callApi(listAccountSessions, { signal }),
  staleTime: 0,
});

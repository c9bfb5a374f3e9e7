import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';

/** The legacy reset link: /password-set?token=… is /password/reset/{token}. */
export const Route = createFileRoute('/password-set')({
  validateSearch: v.object({ token: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: ({ search }) => {
    if (search.token) throw redirect({ to: '/password/reset/$token', params: { token: search.token }, replace: true });
    throw redirect({ to: '/password/forgot', replace: true });
  },
});

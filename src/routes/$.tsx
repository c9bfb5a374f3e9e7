import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any path the portal does not know leads to the dashboard. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/account', replace: true });
  },
});

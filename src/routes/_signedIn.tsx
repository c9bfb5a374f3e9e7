import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { loginSearchFor } from '../app/guards';
import { settledSessionUser } from '../app/session';

/** Every page below needs a session: strangers go to sign in, keeping utm_ and the way back. */
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async ({ context, location }) => {
    const user = await settledSessionUser(context.session);
    if (!user) throw redirect({ to: '/login', search: loginSearchFor(location), replace: true });
    return { user };
  },
  component: Outlet,
});

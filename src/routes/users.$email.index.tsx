import { createFileRoute, redirect } from '@tanstack/react-router';
import { userShortcutFor } from '../app/guards';
import { settledSessionUser } from '../app/session';

/** A link to someone's account: they go to their dashboard; anyone else signs in as them. */
export const Route = createFileRoute('/users/$email/')({
  beforeLoad: async ({ context, params }) => {
    const shortcut = userShortcutFor(await settledSessionUser(context.session), params.email, '/account');
    if (shortcut.kind === 'dashboard') throw redirect({ to: '/account', replace: true });
    throw redirect({ to: '/login', search: shortcut.search, replace: true });
  },
});

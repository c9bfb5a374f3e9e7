import { createFileRoute, redirect } from '@tanstack/react-router';
import { userShortcutFor } from '../app/guards';
import { knownSessionUser } from '../app/session';
import { SessionGateScreen } from '../features/session/session-gate.screen';

/** A link to someone's account: they go to their dashboard; anyone else signs in as them. */
export const Route = createFileRoute('/users/$email/')({
  pendingComponent: SessionGateScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  beforeLoad: async ({ context, params }) => {
    const shortcut = userShortcutFor(await knownSessionUser(context.session), params.email, '/account');
    if (shortcut.kind === 'dashboard') throw redirect({ to: '/account', replace: true });
    throw redirect({ to: '/login', search: shortcut.search, replace: true });
  },
});

import { createFileRoute, redirect } from '@tanstack/react-router';
import { userShortcutFor } from '../app/guards';
import { knownSessionUser } from '../app/session';
import { SessionGateScreen } from '../features/session/session-gate.screen';

/** A link to someone's subscription: its portal for them; anyone else signs in as them first. */
export const Route = createFileRoute('/users/$email/subscriptions/$referenceId')({
  pendingComponent: SessionGateScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  beforeLoad: async ({ context, params }) => {
    const target = `/subscription?referenceId=${encodeURIComponent(params.referenceId)}`;
    const shortcut = userShortcutFor(await knownSessionUser(context.session), params.email, target);
    if (shortcut.kind === 'dashboard') {
      throw redirect({ to: '/subscription', search: { referenceId: params.referenceId }, replace: true });
    }
    throw redirect({ to: '/login', search: shortcut.search, replace: true });
  },
});

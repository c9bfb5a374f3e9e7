import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { loginSearchFor } from '../app/guards';
import { knownSessionUser } from '../app/session';
import { PageMain } from '../components/page-main';
import { SessionGate } from '../features/session/session-gate.screen';
import { SignedInShell } from '../features/shell/signed-in-shell.screen';
import { loadCatalog } from '../lib/i18n';

/**
 * Every page below needs a session: strangers go to sign in, keeping utm_ and the way back. Until
 * the session is known, the session gate shows at once in the page's place. These pages read
 * server data, so TanStack Query loads here (while the session is checked), not on sign-in; so do
 * their messages, a catalog of their own.
 * Their frame (banner, navigation, account menu, <main>) is the signed-in shell.
 */
export const Route = createFileRoute('/_signedIn')({
  pendingComponent: SignedInPending,
  pendingMs: 0,
  pendingMinMs: 0,
  beforeLoad: async ({ context, location }) => {
    const [user, queryClient] = await Promise.all([
      knownSessionUser(context.session),
      context.queries.load(),
      loadCatalog('signed-in'),
    ]);
    if (!user) throw redirect({ to: '/login', search: loginSearchFor(location), replace: true });
    return { user, queryClient };
  },
  component: SignedInLayout,
});

/** The root leaves <main> to this frame, so the session gate brings its own. */
function SignedInPending() {
  return (
    <PageMain>
      <SessionGate />
    </PageMain>
  );
}

function SignedInLayout() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInShell>
        <Outlet />
      </SignedInShell>
    </QueryClientProvider>
  );
}

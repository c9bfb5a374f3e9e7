import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { loginSearchFor } from '../app/guards';
import { navigateTo } from '../app/navigate';
import { knownSessionUser } from '../app/session';
import { PageMain } from '../components/page-main';
import { RecentSignInHost } from '../features/recent-sign-in/recent-sign-in.host';
import { SessionGateScreen } from '../features/session/session-gate.screen';
import { SignedInShellScreen } from '../features/shell/signed-in-shell.screen';
import { loadCatalog } from '../lib/i18n';

/**
 * Every page below needs a session: strangers go to sign in, keeping utm_ and the way back. Until
 * the session is known, the session gate shows at once in the page's place. These pages read
 * server data, so TanStack Query loads here (while the session is checked), not on sign-in; so do
 * their messages, a catalog of their own.
 * Their frame (banner, navigation, account menu, <main>) is the signed-in shell; beside it, the
 * dialog that confirms a recent sign-in for the calls that need one.
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

// Its own chunk: the status's schemas load after the page, and most people never see the banner.
const SecondFactorRequiredBanner = lazy(() =>
  import('../features/authenticator-app/second-factor-required-banner.screen').then((module) => ({
    default: module.SecondFactorRequiredBannerScreen,
  })),
);

/** The root leaves <main> to this frame, so the session gate brings its own. */
function SignedInPending() {
  return (
    <PageMain>
      <SessionGateScreen />
    </PageMain>
  );
}

function SignedInLayout() {
  const router = useRouter();
  const { queryClient, session, user } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInShellScreen>
        {/* A team that requires two-step sign-in of this person, while their app is off (issue 22). */}
        <Suspense fallback={null}>
          <SecondFactorRequiredBanner onNavigate={(href) => void navigateTo(router, href)} />
        </Suspense>
        <Outlet />
      </SignedInShellScreen>
      {/* "Confirm it's you", asked by any call that needs a recent sign-in (issue 22). */}
      <RecentSignInHost email={user.email} onSignInAgain={() => session.send({ type: 'user.signOut' })} />
    </QueryClientProvider>
  );
}

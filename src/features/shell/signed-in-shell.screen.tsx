import { useQuery } from '@tanstack/react-query';
import { useRouteContext, useRouter, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { isAdminOrOwner } from '../../app/guards';
import { navigateTo } from '../../app/navigate';
import { config, flags } from '../../lib/config';
import { accountUserQuery } from '../../lib/queries/account-user';
import { SignedInShellView } from './signed-in-shell.view';

/**
 * The signed-in shell with its data: the account (for the subscriptions this person administers),
 * the session (e-mail at once, signing out) and the router (where we are, going elsewhere).
 */
export function SignedInShellScreen({ children }: { children: ReactNode }) {
  const { session, user } = useRouteContext({ from: '/_signedIn' });
  const router = useRouter();
  const account = useQuery(accountUserQuery);
  const signingOut = useSelector(session, (state) => state.matches('signingOut'));
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useRouterState({ select: (state) => state.location.searchStr });
  const data = account.data;
  const administeredSubscriptions = data
    ? data.subscriptions.filter((subscription) => isAdminOrOwner(data, subscription))
    : [];

  return (
    <SignedInShellView
      productName={config.productName}
      email={data?.email ?? user.email}
      administeredSubscriptions={administeredSubscriptions}
      showReports={flags.enableReportsPage}
      location={{ pathname, search }}
      signingOut={signingOut}
      onNavigate={(href) => void navigateTo(router, href)}
      onSignOut={() => session.send({ type: 'user.signOut' })}
    >
      {children}
    </SignedInShellView>
  );
}

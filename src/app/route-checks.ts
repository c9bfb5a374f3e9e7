import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { SessionClaims } from '../../contract/auth';
import { accountUserQuery } from '../lib/queries/account-user';
import { mayOpenOwnerRoute, mayOpenSubscriptionPortal, storedUserIsStale } from './guards';
import type { RouterContext } from './router-context';
import { currentSessionUser } from './session';

/** The checks a guarded route's beforeLoad runs, in the router's terms (throwing redirects). */

/** docs/spec.md §2: on most routes, refresh the stored user when it is not the session's user. */
export function refreshStaleUser(context: RouterContext, user: SessionClaims): void {
  if (storedUserIsStale(user, context.queries.current()?.getQueryData(accountUserQuery.queryKey))) {
    context.session.send({ type: 'session.refreshUser' });
  }
}

/**
 * The same refresh on public pages that do not skip it (docs/spec.md §2), when someone is signed in.
 * It does not wait for the session: if the check finds someone later, the guards run again.
 */
export function refreshStaleUserIfSignedIn(context: RouterContext): void {
  const user = currentSessionUser(context.session);
  if (user) refreshStaleUser(context, user);
}

/** What the routes below `_signedIn` find in their context. */
type SignedInContext = { queryClient: QueryClient };

export async function requireOwner(context: SignedInContext, referenceId: string | undefined): Promise<void> {
  const account = await context.queryClient.ensureQueryData(accountUserQuery);
  if (!mayOpenOwnerRoute(account, referenceId)) throw redirect({ to: '/account', replace: true });
}

export async function requireAdminOrOwner(context: SignedInContext, referenceId: string | undefined): Promise<void> {
  const account = await context.queryClient.ensureQueryData(accountUserQuery);
  if (!mayOpenSubscriptionPortal(account, referenceId)) throw redirect({ to: '/account', replace: true });
}

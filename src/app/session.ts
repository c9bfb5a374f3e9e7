import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import { signOut } from '../../contract/calls/auth';
import { checkSession } from '../../contract/calls/user';
import { sessionMachine } from '../../machines/session/session.machine';
import { callApi } from '../lib/api-client';
import { accountUserQuery } from '../lib/queries/account-user';
import type { LazyQueryClient } from './lazy-query-client';

export type SessionActor = ReturnType<typeof createSessionActor>;

/** The one session actor of the app, with its side effects supplied. */
export function createSessionActor(deps: {
  queries: LazyQueryClient;
  redirectToLogin: () => void;
  notifyRefreshFailed: () => void;
}) {
  return createActor(
    sessionMachine.provide({
      actors: {
        fetchSession: fromPromise(async ({ signal }) => (await callApi(checkSession, { signal })).user),
        signOut: fromPromise(async () => {
          await callApi(signOut, { expectUnauthorized: true });
        }),
        refreshUser: fromPromise(async () => {
          const queryClient = await deps.queries.load();
          await queryClient.fetchQuery({ ...accountUserQuery, staleTime: 0 });
        }),
      },
      actions: {
        redirectToLogin: deps.redirectToLogin,
        notifyRefreshFailed: deps.notifyRefreshFailed,
        clearUserData: () => deps.queries.current()?.clear(),
      },
    }),
  );
}

/**
 * Who is signed in, once the session knows. Guards of pages that need a session wait here; while
 * the portal is unreachable they keep waiting, and the page offers to try again.
 */
export async function knownSessionUser(session: SessionActor): Promise<SessionClaims | null> {
  const snapshot = await waitFor(session, (state) => state.matches('signedIn') || state.matches('signedOut'));
  return snapshot.context.user;
}

/** Who is signed in as far as the session knows now: public pages read this and never wait. */
export function currentSessionUser(session: SessionActor): SessionClaims | null {
  const snapshot = session.getSnapshot();
  return snapshot.matches('signedIn') ? snapshot.context.user : null;
}

/**
 * Public pages render before the session check answers, so their guards saw nobody signed in.
 * When a check finds someone, the guards run again with the answer: someone signed in who is on
 * /login goes on to where they were headed.
 */
export function rerunGuardsWhenCheckFindsUser(session: SessionActor, rerun: () => void): () => void {
  let checking = session.getSnapshot().matches('checking');
  const subscription = session.subscribe((snapshot) => {
    if (checking && snapshot.matches('signedIn')) rerun();
    checking = snapshot.matches('checking');
  });
  return () => subscription.unsubscribe();
}

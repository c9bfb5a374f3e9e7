import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, waitFor } from 'xstate';
import { api } from '../../contract/api';
import { LogoutResponse, type SessionClaims, SessionResponse } from '../../contract/auth';
import { sessionMachine } from '../../machines/session/session.machine';
import { ApiError, apiRequest } from '../lib/api-client';
import { accountUserQuery } from '../lib/queries';

export type SessionActor = ReturnType<typeof createSessionActor>;

/** The one session actor of the app, with its side effects supplied. */
export function createSessionActor(deps: {
  queryClient: QueryClient;
  redirectToLogin: () => void;
  notifyRefreshFailed: () => void;
}) {
  return createActor(
    sessionMachine.provide({
      actors: {
        fetchSession: fromPromise(async ({ signal }) => {
          try {
            return (await apiRequest(api.user, { schema: SessionResponse, expectUnauthorized: true, signal })).user;
          } catch (error) {
            if (error instanceof ApiError && error.status === 401) return null;
            throw error;
          }
        }),
        signOut: fromPromise(async () => {
          await apiRequest(api.logout, { method: 'POST', schema: LogoutResponse, expectUnauthorized: true });
        }),
        refreshUser: fromPromise(async () => {
          await deps.queryClient.fetchQuery({ ...accountUserQuery, staleTime: 0 });
        }),
      },
      actions: {
        redirectToLogin: deps.redirectToLogin,
        notifyRefreshFailed: deps.notifyRefreshFailed,
        clearUserData: () => deps.queryClient.clear(),
      },
    }),
  );
}

/** Waits until the session is known; null when nobody is signed in (or the portal is unreachable). */
export async function settledSessionUser(session: SessionActor): Promise<SessionClaims | null> {
  const snapshot = await waitFor(
    session,
    (state) => state.matches('signedIn') || state.matches('signedOut') || state.matches('unreachable'),
  );
  return snapshot.context.user;
}

/**
 * Guards that ran while the portal was unreachable saw nobody signed in. Once the session is known
 * again (the person pressed "Try again"), they run again with the answer: someone signed in who was
 * parked on /login goes on to where they were headed.
 */
export function rerunGuardsAfterReconnect(session: SessionActor, rerun: () => void): () => void {
  let wasUnreachable = session.getSnapshot().matches('unreachable');
  const subscription = session.subscribe((snapshot) => {
    if (snapshot.matches('unreachable')) {
      wasUnreachable = true;
    } else if (wasUnreachable && (snapshot.matches('signedIn') || snapshot.matches('signedOut'))) {
      wasUnreachable = false;
      rerun();
    }
  });
  return () => subscription.unsubscribe();
}

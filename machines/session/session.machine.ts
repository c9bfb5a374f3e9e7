import { assign, setup } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import { providedByApp } from '../support/provided-by-app';

export type SessionContext = {
  user: SessionClaims | null;
};

export type SessionEvent =
  | { type: 'session.check' }
  | { type: 'session.signedIn'; user: SessionClaims }
  | { type: 'session.unauthorized' }
  | { type: 'session.refreshUser' }
  | { type: 'user.signOut' }
  | { type: 'user.retry' };

/**
 * Who is signed in. The app sends `session.check` once at start; the API client sends
 * `session.unauthorized` on any 401; route guards send `session.refreshUser` when the stored
 * account user is not the session's user; the sign-in page sends `session.signedIn`, possibly before
 * the check has answered (public pages do not wait for it) or after it failed.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    fetchSession: providedByApp<SessionClaims | null>('fetchSession'),
    signOut: providedByApp<void>('signOut'),
    refreshUser: providedByApp<void, { user: SessionClaims }>('refreshUser'),
  },
  actions: {
    /** Leave whatever screen needs a session for /login. */
    redirectToLogin: () => {},
    /** The "Something went wrong" toast with a support contact. */
    notifyRefreshFailed: () => {},
    /** Forget cached data of the previous user. */
    clearUserData: () => {},
  },
  guards: {
    hasSession: (_, user: SessionClaims | null) => user !== null,
  },
}).createMachine({
  id: 'session',
  context: { user: null },
  initial: 'unknown',
  states: {
    unknown: {
      on: { 'session.check': 'checking' },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output }),
          },
          { target: 'signedOut' },
        ],
        onError: 'unreachable',
      },
      on: {
        // The check asked before this sign-in and its answer would be out of date: drop it.
        'session.signedIn': { target: 'signedIn', actions: assign({ user: ({ event }) => event.user }) },
      },
    },
    unreachable: {
      tags: ['error'],
      on: {
        'user.retry': 'checking',
        'session.signedIn': { target: 'signedIn', actions: assign({ user: ({ event }) => event.user }) },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        'session.unauthorized': {
          target: 'signedOut',
          actions: ['clearUserData', assign({ user: null }), 'redirectToLogin'],
        },
        'user.signOut': 'signingOut',
        'session.signedIn': {
          target: 'signedIn',
          actions: ['clearUserData', assign({ user: ({ event }) => event.user })],
        },
      },
      states: {
        idle: {
          on: { 'session.refreshUser': 'refreshingUser' },
        },
        refreshingUser: {
          tags: ['busy'],
          invoke: {
            id: 'refreshUser',
            src: 'refreshUser',
            input: ({ context }) => ({ user: context.user as SessionClaims }),
            onDone: 'idle',
            onError: { target: 'idle', actions: 'notifyRefreshFailed' },
          },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        // Signing out locally even when the call fails: the person asked to leave.
        onDone: { target: 'signedOut', actions: ['clearUserData', assign({ user: null }), 'redirectToLogin'] },
        onError: { target: 'signedOut', actions: ['clearUserData', assign({ user: null }), 'redirectToLogin'] },
      },
    },
    signedOut: {
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: assign({ user: ({ event }) => event.user }),
        },
      },
    },
  },
});

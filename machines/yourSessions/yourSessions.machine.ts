import { assertEvent, assign, setup } from 'xstate';
import type { AccountSession } from '../../contract/sessions';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

/** What the last sign-out did, said once it is done. */
type SessionSignOutNotice =
  | { kind: 'signedOutSession'; session: AccountSession }
  | { kind: 'signedOutOthers'; count: number };

export type YourSessionsContext = {
  /** The session the person chose to sign out (kept to name it in the confirm dialog). */
  target: AccountSession | null;
  /** Why the last sign-out did not happen; null while none failed. */
  failure: Refusal | null;
  notice: SessionSignOutNotice | null;
};

export type YourSessionsEvent =
  | { type: 'user.signOutSession'; session: AccountSession }
  | { type: 'user.signOutOthers' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

/**
 * "Your sessions" on the account page: the person signs out one of their other sessions, or every
 * other one, each after a confirm. The list itself is server data the app reads and keeps; every
 * attempt ends in `sessionsChanged`, so it is read again (a refused session has usually ended
 * already and should leave the list too).
 */
export const yourSessionsMachine = setup({
  types: {
    context: {} as YourSessionsContext,
    events: {} as YourSessionsEvent,
  },
  actors: {
    signOutSession: providedByApp<void, { sessionId: string }>('signOutSession'),
    signOutOtherSessions: providedByApp<{ signedOut: number }, void>('signOutOtherSessions'),
  },
  actions: {
    chooseSession: assign(({ event }) => {
      assertEvent(event, 'user.signOutSession');
      return { target: event.session, failure: null, notice: null };
    }),
    clearOutcome: assign({ failure: null, notice: null }),
    forgetTarget: assign({ target: null }),
    showFailure: assign({ failure: ({ event }) => refusalOfEvent(event) }),
    /** The app reads the sessions again. */
    sessionsChanged: () => {},
  },
}).createMachine({
  id: 'yourSessions',
  context: { target: null, failure: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.signOutSession': { target: 'confirmingSignOut', actions: 'chooseSession' },
        'user.signOutOthers': { target: 'confirmingSignOutOthers', actions: 'clearOutcome' },
      },
    },
    confirmingSignOut: {
      on: {
        'user.confirm': 'signingOut',
        'user.cancel': { target: 'idle', actions: 'forgetTarget' },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOutSession',
        src: 'signOutSession',
        input: ({ context }) => ({ sessionId: context.target?.id ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({
              notice: context.target ? { kind: 'signedOutSession' as const, session: context.target } : null,
              target: null,
            })),
            'sessionsChanged',
          ],
        },
        onError: { target: 'idle', actions: ['showFailure', 'forgetTarget', 'sessionsChanged'] },
      },
    },
    confirmingSignOutOthers: {
      on: {
        'user.confirm': 'signingOutOthers',
        'user.cancel': 'idle',
      },
    },
    signingOutOthers: {
      tags: ['busy'],
      invoke: {
        id: 'signOutOtherSessions',
        src: 'signOutOtherSessions',
        onDone: {
          target: 'idle',
          actions: [
            assign({ notice: ({ event }) => ({ kind: 'signedOutOthers' as const, count: event.output.signedOut }) }),
            'sessionsChanged',
          ],
        },
        onError: { target: 'idle', actions: ['showFailure', 'sessionsChanged'] },
      },
    },
  },
});

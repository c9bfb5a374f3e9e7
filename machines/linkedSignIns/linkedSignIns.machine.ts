import { assertEvent, assign, setup } from 'xstate';
import type { LinkedSignIn, UnlinkSignInRequest } from '../../contract/linked-sign-ins';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

/** What the last unlink did, said once it is done. */
type UnlinkNotice = { kind: 'unlinked'; signIn: LinkedSignIn };

export type LinkedSignInsContext = {
  /** The sign-in the person chose to unlink (kept to name it in the confirm dialog). */
  target: LinkedSignIn | null;
  /** Why the last unlink did not happen; null while none failed. */
  failure: Refusal | null;
  notice: UnlinkNotice | null;
};

export type LinkedSignInsEvent =
  | { type: 'user.unlink'; signIn: LinkedSignIn }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

/** The link to remove: `unlinking` is entered from `confirmingUnlink` only, which has its target. */
function unlinkRequestOf(target: LinkedSignIn | null): UnlinkSignInRequest {
  if (!target) throw new Error('No linked sign-in was chosen to unlink');
  return { provider: target.provider, subject: target.subject };
}

/**
 * "Linked sign-ins" on the account page: the person unlinks a provider's sign-in from their
 * account, after a confirm. The list itself is server data the app reads and keeps; every attempt
 * ends in `signInsChanged`, so it is read again (a refused unlink has usually raced another change:
 * the sign-in was unlinked already, or another one was).
 */
export const linkedSignInsMachine = setup({
  types: {
    context: {} as LinkedSignInsContext,
    events: {} as LinkedSignInsEvent,
  },
  actors: {
    unlinkSignIn: providedByApp<void, UnlinkSignInRequest>('unlinkSignIn'),
  },
  actions: {
    chooseSignIn: assign(({ event }) => {
      assertEvent(event, 'user.unlink');
      return { target: event.signIn, failure: null, notice: null };
    }),
    forgetTarget: assign({ target: null }),
    showFailure: assign({ failure: ({ event }) => refusalOfEvent(event) }),
    /** The app reads the linked sign-ins again. */
    signInsChanged: () => {},
  },
}).createMachine({
  id: 'linkedSignIns',
  context: { target: null, failure: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.unlink': { target: 'confirmingUnlink', actions: 'chooseSignIn' },
      },
    },
    confirmingUnlink: {
      on: {
        'user.confirm': 'unlinking',
        'user.cancel': { target: 'idle', actions: 'forgetTarget' },
      },
    },
    unlinking: {
      tags: ['busy'],
      invoke: {
        id: 'unlinkSignIn',
        src: 'unlinkSignIn',
        input: ({ context }) => unlinkRequestOf(context.target),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({
              notice: context.target ? { kind: 'unlinked' as const, signIn: context.target } : null,
              target: null,
            })),
            'signInsChanged',
          ],
        },
        onError: { target: 'idle', actions: ['showFailure', 'forgetTarget', 'signInsChanged'] },
      },
    },
  },
});

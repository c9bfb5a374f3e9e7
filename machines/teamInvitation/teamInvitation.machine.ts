import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { AcceptInvitationRequest, type AcceptInvitationResponse } from '../../contract/teams';

export type TeamInvitationInput = {
  /** The code from the invitation mail (the page's `code` query), as it came. */
  confirmationCode: string;
};

export type TeamInvitationContext = TeamInvitationInput & {
  joined: AcceptInvitationResponse | null;
  /** The server's or the contract's message (expired, canceled, used, another address); null when none came. */
  failureMessage: string | null;
};

export type TeamInvitationEvent = { type: 'user.retry' };

/** An acceptance the server refused with `{ error, message }`: the message is shown as it is. */
export class InvitationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvitationRefused';
  }
}

/** The contract's check of the code, as its message text, or null. */
export function codeErrorOf(confirmationCode: string): string | null {
  const result = v.safeParse(AcceptInvitationRequest, { confirmationCode });
  return result.success ? null : result.issues[0].message;
}

/** The signed-in person accepts an invitation from its mail's link and joins the team. */
export const teamInvitationMachine = setup({
  types: {
    context: {} as TeamInvitationContext,
    events: {} as TeamInvitationEvent,
    input: {} as TeamInvitationInput,
  },
  actors: {
    acceptInvitation: fromPromise<AcceptInvitationResponse, { confirmationCode: string }>(async () => {
      throw new Error('acceptInvitation is provided by the app');
    }),
  },
  guards: {
    isCodeGiven: ({ context }) => codeErrorOf(context.confirmationCode) === null,
    /** Only a failure without the server's word (network, 5xx) may go better a second time. */
    mayRetry: ({ context }) => context.failureMessage === null,
  },
}).createMachine({
  id: 'teamInvitation',
  context: ({ input }) => ({ ...input, joined: null, failureMessage: null }),
  initial: 'checkingCode',
  states: {
    checkingCode: {
      always: [
        { guard: 'isCodeGiven', target: 'accepting' },
        {
          target: 'failed',
          actions: assign({ failureMessage: ({ context }) => codeErrorOf(context.confirmationCode) }),
        },
      ],
    },
    accepting: {
      tags: ['busy'],
      entry: assign({ failureMessage: null }),
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => v.parse(AcceptInvitationRequest, { confirmationCode: context.confirmationCode }),
        onDone: { target: 'accepted', actions: assign({ joined: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            failureMessage: ({ event }) => (event.error instanceof InvitationRefused ? event.error.message : null),
          }),
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'user.retry': { guard: 'mayRetry', target: 'accepting' } },
    },
    accepted: { type: 'final' },
  },
});

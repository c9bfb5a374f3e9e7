import * as v from 'valibot';
import { assign, setup } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { AcceptInvitationRequest, type AcceptInvitationResponse } from '../../contract/teams';
import { providedByApp } from '../support/provided-by-app';
import { isExplained, type Refusal, refusal, refusalOfEvent } from '../support/refusal';

export type TeamInvitationInput = {
  /** The code from the invitation mail (the page's `code` query), as it came. */
  confirmationCode: string;
};

export type TeamInvitationContext = TeamInvitationInput & {
  joined: AcceptInvitationResponse | null;
  /** Why the code was not accepted (expired, canceled, used, another address: the server's or the contract's check); null while it was not refused. */
  failure: Refusal | null;
};

export type TeamInvitationEvent = { type: 'user.retry' };

/** The contract's check of the code, as its message text, or null. */
function codeErrorOf(confirmationCode: string): string | null {
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
    acceptInvitation: providedByApp<AcceptInvitationResponse, { confirmationCode: string }>('acceptInvitation'),
  },
  guards: {
    isCodeGiven: ({ context }) => codeErrorOf(context.confirmationCode) === null,
    /** Only a failure without the server's word (network, 5xx) may go better a second time. */
    mayRetry: ({ context }) => context.failure === null || !isExplained(context.failure),
  },
}).createMachine({
  id: 'teamInvitation',
  context: ({ input }) => ({ ...input, joined: null, failure: null }),
  initial: 'checkingCode',
  states: {
    checkingCode: {
      always: [
        { guard: 'isCodeGiven', target: 'accepting' },
        {
          target: 'failed',
          actions: assign({
            failure: ({ context }) => refusal(ErrorCode.validation, codeErrorOf(context.confirmationCode)),
          }),
        },
      ],
    },
    accepting: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => v.parse(AcceptInvitationRequest, { confirmationCode: context.confirmationCode }),
        onDone: { target: 'accepted', actions: assign({ joined: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
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

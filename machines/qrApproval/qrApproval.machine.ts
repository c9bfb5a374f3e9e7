import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { QrSignInDetails } from '../../contract/qr-sign-in';

export type QrApprovalInput = {
  /** The request's id from `/qrcode-login/{id}`. */
  id: string;
};

export type QrApprovalContext = {
  id: string;
  request: QrSignInDetails | null;
  /** The number the person picked, while it is being checked. */
  pickedNumber: number | null;
  /** The server's `message` for a refusal (unknown, expired, answered); null when it sent none. */
  failureMessage: string | null;
};

export type QrApprovalEvent =
  | { type: 'user.pickNumber'; number: number }
  | { type: 'user.decline' }
  | { type: 'user.retry' };

/** A refusal the server explained with `{ error, message }`: the message says why. */
export class QrApprovalRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QrApprovalRefused';
  }
}

/** Nobody is signed in here (401): the person signs in first and comes back. */
export class QrApprovalNeedsSignIn extends Error {
  constructor() {
    super('sign-in needed');
    this.name = 'QrApprovalNeedsSignIn';
  }
}

const errorOf = (event: object) => ('error' in event ? event.error : null);

/** Where a call's failure leads: sign-in, the server's refusal, or a retry. */
const onFailure = [
  { guard: 'needsSignIn', target: '#qrApproval.needsSignIn' },
  { guard: 'isRefused', target: '#qrApproval.refused', actions: 'showRefusal' },
  { target: '#qrApproval.failed' },
] as const;

/**
 * The device that approves a QR sign-in (spec section 2, /qrcode-login/{id}): a signed-in person
 * sees where the request comes from and approves it by picking the number the other device shows
 * (a wrong one declines it on the server), or declines it; a visitor is sent to sign in and back.
 * docs/decisions/qr-sign-in.md.
 */
export const qrApprovalMachine = setup({
  types: {
    context: {} as QrApprovalContext,
    events: {} as QrApprovalEvent,
    input: {} as QrApprovalInput,
  },
  actors: {
    loadRequest: fromPromise<QrSignInDetails, { id: string }>(async () => {
      throw new Error('loadRequest is provided by the app');
    }),
    approveRequest: fromPromise<void, { id: string; number: number }>(async () => {
      throw new Error('approveRequest is provided by the app');
    }),
    declineRequest: fromPromise<void, { id: string }>(async () => {
      throw new Error('declineRequest is provided by the app');
    }),
  },
  actions: {
    showRefusal: assign({
      failureMessage: ({ event }) => {
        const error = errorOf(event);
        return error instanceof QrApprovalRefused ? error.message : null;
      },
    }),
  },
  guards: {
    /** Only the numbers on offer: anything else is not a pick the page could have made. */
    isOfferedNumber: ({ context, event }) => {
      assertEvent(event, 'user.pickNumber');
      return context.request?.numberChoices.includes(event.number) ?? false;
    },
    needsSignIn: ({ event }) => errorOf(event) instanceof QrApprovalNeedsSignIn,
    isRefused: ({ event }) => errorOf(event) instanceof QrApprovalRefused,
  },
}).createMachine({
  id: 'qrApproval',
  context: ({ input }) => ({ id: input.id, request: null, pickedNumber: null, failureMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'showingRequest', actions: assign({ request: ({ event }) => event.output }) },
        onError: onFailure,
      },
    },
    showingRequest: {
      on: {
        'user.pickNumber': {
          guard: 'isOfferedNumber',
          target: 'approving',
          actions: assign({ pickedNumber: ({ event }) => event.number }),
        },
        'user.decline': 'declining',
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'approveRequest',
        src: 'approveRequest',
        input: ({ context, event }) => {
          assertEvent(event, 'user.pickNumber');
          return { id: context.id, number: event.number };
        },
        onDone: 'approved',
        onError: onFailure,
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'declineRequest',
        src: 'declineRequest',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'declined',
        onError: onFailure,
      },
    },
    approved: { type: 'final' },
    declined: { type: 'final' },
    /** Unknown, expired, already answered, or the wrong number picked: the server's message says which. */
    refused: { tags: ['error'], type: 'final' },
    /** The portal could not be reached: the person can try again. */
    failed: { tags: ['error'], on: { 'user.retry': 'loading' } },
    needsSignIn: { type: 'final' },
  },
});

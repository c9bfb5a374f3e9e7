import { assertEvent, assign, setup } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import type { QrSignInDetails } from '../../contract/qr-sign-in';
import { providedByApp } from '../support/provided-by-app';
import { isExplained, type Refusal, refusalOfEvent } from '../support/refusal';

export type QrApprovalInput = {
  /** The request's id from `/qrcode-login/{id}`. */
  id: string;
};

export type QrApprovalContext = {
  id: string;
  request: QrSignInDetails | null;
  /** The number the person picked, while it is being checked. */
  pickedNumber: number | null;
  /** Why the server refused (unknown, expired, answered); null while it did not. */
  failure: Refusal | null;
};

export type QrApprovalEvent =
  | { type: 'user.pickNumber'; number: number }
  | { type: 'user.decline' }
  | { type: 'user.retry' };

/** Where a call's failure leads: sign-in, the server's refusal, or a retry. */
const onFailure = [
  { guard: 'needsSignIn', target: '#qrApproval.needsSignIn' },
  { guard: 'isRefused', target: '#qrApproval.refused', actions: 'showRefusal' },
  { target: '#qrApproval.failed' },
] as const;

/**
 * The device that approves a QR sign-in (docs/spec.md §2, /qrcode-login/{id}): a signed-in person
 * sees where the request comes from and approves it by picking the number the other device shows
 * (a wrong one declines it on the server), or declines it; a visitor is sent to sign in and back.
 * docs/decisions/0020-qr-sign-in.md.
 */
export const qrApprovalMachine = setup({
  types: {
    context: {} as QrApprovalContext,
    events: {} as QrApprovalEvent,
    input: {} as QrApprovalInput,
  },
  actors: {
    loadRequest: providedByApp<QrSignInDetails, { id: string }>('loadRequest'),
    approveRequest: providedByApp<void, { id: string; number: number }>('approveRequest'),
    declineRequest: providedByApp<void, { id: string }>('declineRequest'),
  },
  actions: {
    showRefusal: assign({ failure: ({ event }) => refusalOfEvent(event) }),
  },
  guards: {
    /** Only the numbers on offer: anything else is not a pick the page could have made. */
    isOfferedNumber: ({ context, event }) => {
      assertEvent(event, 'user.pickNumber');
      return context.request?.numberChoices.includes(event.number) ?? false;
    },
    /** Nobody is signed in here (401): the person signs in first and comes back. */
    needsSignIn: ({ event }) => refusalOfEvent(event).code === ErrorCode.unauthorized,
    isRefused: ({ event }) => isExplained(refusalOfEvent(event)),
  },
}).createMachine({
  id: 'qrApproval',
  context: ({ input }) => ({ id: input.id, request: null, pickedNumber: null, failure: null }),
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

import { assign, setup } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import type { CreateQrSignInRequest, QrSignInCreated, QrSignInState } from '../../contract/qr-sign-in';
import { clockProvidedByApp, providedByApp } from '../support/provided-by-app';
import { refusalOfEvent } from '../support/refusal';

/** Why no code is shown; views map each to a translated message. */
export type QrSignInFailure = 'rateLimited' | 'unavailable';

export type QrSignInInput = {
  /** How long a code can be approved (the deployment's QR_LOGIN_VALIDITY_SECONDS). */
  validitySeconds: number;
};

export type QrSignInContext = {
  validitySeconds: number;
  /** The request whose link the QR code shows; kept while a new one is asked for, so it can be replaced. */
  requestId: string | null;
  /** The number shown beside the code, which the approver must pick; a new code brings a new one. */
  matchNumber: number | null;
  secondsLeft: number;
  /** The last "Copy link": not asked for, copied, or refused by the browser (the view then shows the link). */
  linkCopy: 'none' | 'copied' | 'failed';
  failure: QrSignInFailure | null;
};

export type QrSignInEvent =
  | { type: 'user.copyLink' }
  | { type: 'user.retry' }
  | { type: 'clock.tick' }
  | { type: 'clipboard.copied' }
  | { type: 'clipboard.failed' };

/** A failed call as the page words it: too many requests, or anything else (network, a 5xx). */
const failureOf = (event: object): QrSignInFailure =>
  refusalOfEvent(event).code === ErrorCode.rateLimited ? 'rateLimited' : 'unavailable';

/** The answer a waiting code can get; `waiting` never ends the wait. */
type Answer = Exclude<QrSignInState, 'waiting'>;

/**
 * The sign-in page's QR code (docs/spec.md §2 and §9): the browser asks for a request and shows its
 * link as a QR code, counting its validity down; when the `qrValidity` delay runs out it asks for a
 * new one, which replaces the old. Each code comes with a number that the approver must pick on
 * the other device. Once approved there, it signs in with the key that only this browser holds. docs/decisions/0020-qr-sign-in.md.
 */
export const qrSignInMachine = setup({
  types: {
    context: {} as QrSignInContext,
    events: {} as QrSignInEvent,
    input: {} as QrSignInInput,
  },
  actors: {
    createRequest: providedByApp<QrSignInCreated, CreateQrSignInRequest>('createRequest'),
    /** Resolves with the request's answer; keeps waiting while there is none. */
    waitForAnswer: providedByApp<Answer, { id: string }>('waitForAnswer'),
    signIn: providedByApp<SessionClaims, { id: string }>('signIn'),
    /** Sends `clock.tick` every second while a code is shown. */
    clock: clockProvidedByApp(),
  },
  actions: {
    startShowing: assign(({ context }, created: QrSignInCreated) => ({
      requestId: created.id,
      matchNumber: created.matchNumber,
      secondsLeft: context.validitySeconds,
      linkCopy: 'none' as const,
      failure: null,
    })),
    /** The app copies `{origin}/qrcode-login/{id}`, then sends `clipboard.copied` or `clipboard.failed`. */
    copyLink: (_, _params: { id: string }) => {},
    /** The app records the session and goes where the person was headed. */
    completeSignIn: (_, _user: SessionClaims) => {},
    showFailure: assign({ failure: ({ event }) => failureOf(event) }),
  },
  guards: {
    isApproved: ({ event }) => 'output' in event && event.output === 'approved',
    isDeclined: ({ event }) => 'output' in event && event.output === 'declined',
  },
  delays: {
    qrValidity: ({ context }) => context.validitySeconds * 1000,
  },
}).createMachine({
  id: 'qrSignIn',
  context: ({ input }) => ({
    validitySeconds: input.validitySeconds,
    requestId: null,
    matchNumber: null,
    secondsLeft: input.validitySeconds,
    linkCopy: 'none' as const,
    failure: null,
  }),
  initial: 'requesting',
  states: {
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: () => ({}),
        onDone: { target: 'showing', actions: { type: 'startShowing', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    showing: {
      invoke: [
        {
          id: 'waitForAnswer',
          src: 'waitForAnswer',
          input: ({ context }) => ({ id: context.requestId ?? '' }),
          onDone: [
            { guard: 'isApproved', target: 'signingIn' },
            { guard: 'isDeclined', target: 'declined' },
            // Expired earlier than this page counted (the other device's clock, a sleeping laptop).
            { target: 'renewing' },
          ],
          onError: { target: 'failed', actions: 'showFailure' },
        },
        { id: 'clock', src: 'clock' },
      ],
      after: { qrValidity: 'renewing' },
      on: {
        'clock.tick': { actions: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }) },
        'user.copyLink': {
          actions: [
            assign({ linkCopy: 'none' }),
            { type: 'copyLink', params: ({ context }) => ({ id: context.requestId ?? '' }) },
          ],
        },
        'clipboard.copied': { actions: assign({ linkCopy: 'copied' }) },
        'clipboard.failed': { actions: assign({ linkCopy: 'failed' }) },
      },
    },
    /** The code ran out: a new one replaces it, and the old one can no longer be approved. */
    renewing: {
      tags: ['busy'],
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: ({ context }) => ({ replaces: context.requestId ?? undefined }),
        onDone: { target: 'showing', actions: { type: 'startShowing', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ id: context.requestId ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'completeSignIn', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    declined: { on: { 'user.retry': 'requesting' } },
    failed: { tags: ['error'], on: { 'user.retry': 'requesting' } },
    signedIn: { type: 'final' },
  },
});

import { assign, setup } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import type { ProviderLinkResponse, ProviderSignedIn } from '../../contract/federated-sign-in';
import { providedByApp } from '../support/provided-by-app';
import { isExplained, type Refusal, refusalOfEvent } from '../support/refusal';

export type LinkConfirmationInput = {
  /** The token of the link mailed to the account's address. */
  token: string;
};

export type LinkConfirmationContext = LinkConfirmationInput & {
  /** Why the link did not happen; null while it did not fail. */
  failure: Refusal | null;
};

export type LinkConfirmationEvent = { type: 'user.confirm' };

/**
 * The page of the mailed link `/auth/link/{token}` (issue 21): the owner of the account consents to
 * linking a provider's sign-in to it, by a button rather than by opening the page (mail scanners
 * open links). The link signs the person in, and the app follows where the sign-in was headed.
 * A refusal (expired, used) is final; a failure without a message (network) can be tried again.
 */
export const linkConfirmationMachine = setup({
  types: {
    context: {} as LinkConfirmationContext,
    input: {} as LinkConfirmationInput,
    events: {} as LinkConfirmationEvent,
  },
  actors: {
    /** POST /api/auth/providers/link/confirm */
    confirmLink: providedByApp<ProviderLinkResponse, { token: string }>('confirmLink'),
  },
  actions: {
    /** The app tells the session who signed in. */
    signedIn: (_, _user: SessionClaims) => {},
    /** The app follows the redirect: within the portal, or a full page load of the order site. */
    followRedirect: (_, _redirect: string) => {},
    /** The account asks for a second step: the app goes to `/auth/second-step` (the redirect waits on the server). */
    goToSecondFactor: () => {},
  },
  guards: {
    isSecondFactorRequired: ({ event }) =>
      'output' in event && (event.output as ProviderLinkResponse).outcome === 'secondFactorRequired',
    mayTryAgain: ({ context }) => context.failure === null || !isExplained(context.failure),
  },
}).createMachine({
  id: 'linkConfirmation',
  context: ({ input }) => ({ ...input, failure: null }),
  initial: 'asking',
  states: {
    asking: {
      on: { 'user.confirm': 'confirming' },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmLink',
        src: 'confirmLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'isSecondFactorRequired', target: 'secondFactorRequired' },
          {
            target: 'followingRedirect',
            actions: [
              { type: 'signedIn', params: ({ event }) => (event.output as ProviderSignedIn).user },
              { type: 'followRedirect', params: ({ event }) => (event.output as ProviderSignedIn).redirect },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    followingRedirect: { tags: ['busy'] },
    /** Linked; the account asks for its second step, on a page of its own. */
    secondFactorRequired: { tags: ['busy'], entry: 'goToSecondFactor' },
    /** Refused (the message says why, and the way back is a new sign-in), or failed (try again). */
    failed: {
      tags: ['error'],
      on: { 'user.confirm': { guard: 'mayTryAgain', target: 'confirming' } },
    },
  },
});

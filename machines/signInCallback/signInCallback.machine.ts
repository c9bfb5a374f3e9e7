import { assign, fromPromise, not, setup } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import type { CompleteSignInRequest, CompleteSignInResponse } from '../../contract/federated-sign-in';

export type SignInCallbackInput = {
  provider: string;
  /** The query the provider sent the person back with. */
  answer: CompleteSignInRequest;
  /** The region of the browser's languages (`en-US` → US), or null when they name none. */
  browserRegion: string | null;
  /** The configured phone verification regions (spec section 1). */
  phoneVerificationRegions: Record<string, number>;
  /** The local flag `flow` equals `phoneoffer`. */
  phoneOfferWanted: boolean;
};

export type SignInCallbackContext = SignInCallbackInput & {
  user: SessionClaims | null;
  accountCreated: boolean;
  /** Where the sign-in was started to lead; the app checks it again before following it. */
  redirect: string;
  region: string | null;
  /** The server's `message` for a refused sign-in; null when it sent none (network, 5xx). */
  failureMessage: string | null;
};

/** A sign-in the server refused with `{ error, message }`: the message says why. */
export class CallbackRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallbackRefused';
  }
}

const failureMessageOf = (error: unknown) => (error instanceof CallbackRefused ? error.message : null);

/**
 * The sign-in callback page `/auth/callback/{provider}` (spec section 2): the provider's answer is
 * handed to the portal, which completes the sign-in. Then the phone offer, when the account was
 * just created, has no phone, is in a configured region (the browser's, else the location lookup's)
 * and the local flag asks for it; otherwise the redirect, which the app follows only to the portal
 * itself or the order site.
 */
export const signInCallbackMachine = setup({
  types: {
    context: {} as SignInCallbackContext,
    input: {} as SignInCallbackInput,
  },
  actors: {
    completeSignIn: fromPromise<CompleteSignInResponse, { provider: string; answer: CompleteSignInRequest }>(
      async () => {
        throw new Error('completeSignIn is provided by the app');
      },
    ),
    /** GET /api/v1/location on the directory service: a region code, or null. */
    lookUpRegion: fromPromise<string | null>(async () => {
      throw new Error('lookUpRegion is provided by the app');
    }),
  },
  actions: {
    /** The app tells the session who signed in. */
    signedIn: (_, _user: SessionClaims) => {},
    /** The app goes to `/phone-number-input?redirect=…`. */
    goToPhoneOffer: (_, _redirect: string) => {},
    /** The app follows the redirect: within the portal, or a full page load of the order site. */
    followRedirect: (_, _redirect: string) => {},
  },
  guards: {
    /** Everything but the region: just created, no phone, and the flag. */
    mayOfferPhone: ({ context }) => context.accountCreated && !context.user?.phone && context.phoneOfferWanted,
    isRegionKnown: ({ context }) => context.region !== null,
    isRegionOffered: ({ context }) => context.region !== null && context.region in context.phoneVerificationRegions,
    isFoundRegionOffered: ({ context, event }) =>
      'output' in event && typeof event.output === 'string' && event.output in context.phoneVerificationRegions,
  },
}).createMachine({
  id: 'signInCallback',
  context: ({ input }) => ({
    ...input,
    user: null,
    accountCreated: false,
    redirect: '/account',
    region: input.browserRegion,
    failureMessage: null,
  }),
  initial: 'completing',
  states: {
    completing: {
      tags: ['busy'],
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context }) => ({ provider: context.provider, answer: context.answer }),
        onDone: {
          target: 'choosingDestination',
          actions: [
            assign(({ event }) => ({
              user: event.output.user,
              accountCreated: event.output.accountCreated,
              redirect: event.output.redirect,
            })),
            { type: 'signedIn', params: ({ event }) => event.output.user },
          ],
        },
        onError: {
          target: 'refused',
          actions: assign({ failureMessage: ({ event }) => failureMessageOf(event.error) }),
        },
      },
    },
    choosingDestination: {
      tags: ['busy'],
      always: [
        { guard: not('mayOfferPhone'), target: 'followingRedirect' },
        { guard: 'isRegionOffered', target: 'offeringPhone' },
        { guard: 'isRegionKnown', target: 'followingRedirect' },
        { target: 'lookingUpRegion' },
      ],
    },
    lookingUpRegion: {
      tags: ['busy'],
      invoke: {
        id: 'lookUpRegion',
        src: 'lookUpRegion',
        onDone: [{ guard: 'isFoundRegionOffered', target: 'offeringPhone' }, { target: 'followingRedirect' }],
        // Without a region there is no offer: the person goes on.
        onError: { target: 'followingRedirect' },
      },
    },
    offeringPhone: {
      tags: ['busy'],
      entry: { type: 'goToPhoneOffer', params: ({ context }) => context.redirect },
    },
    followingRedirect: {
      tags: ['busy'],
      entry: { type: 'followRedirect', params: ({ context }) => context.redirect },
    },
    /** The sign-in did not complete: the reason, and the way back to the sign-in page. */
    refused: { tags: ['error'] },
  },
});

import { assertEvent, assign, not, setup } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import type {
  CompleteSignInRequest,
  CompleteSignInResponse,
  ProviderLinkRequired,
  ProviderLinkResponse,
  ProviderSignedIn,
} from '../../contract/federated-sign-in';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type SignInCallbackInput = {
  provider: string;
  /** The query the provider sent the person back with. */
  answer: CompleteSignInRequest;
  /** The region of the browser's languages (`en-US` → US), or null when they name none. */
  browserRegion: string | null;
  /** The configured phone verification regions (docs/spec.md §1). */
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
  /** Why the sign-in did not happen; null while it did not fail. */
  failure: Refusal | null;
  /** The account the provider's address belongs to, while its owner's consent to the link is asked. */
  link: Pick<ProviderLinkRequired, 'email' | 'passwordSet'> | null;
  /** The account's password, typed to consent to the link. */
  password: string;
  /** Why the last consent or mail failed; null while none did. */
  linkFailure: Refusal | null;
};

export type SignInCallbackEvent =
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.linkWithPassword' }
  | { type: 'user.mailLink' };

/** The sign-in that a completion or a consented link answered with. */
const signedInOutput = ({ event }: { event: object }) => (event as { output: ProviderSignedIn }).output;

/** The person signed in: who, whether the account is new, and where to go; the app is told who. */
const afterSignIn = [
  { type: 'rememberSignIn', params: signedInOutput },
  { type: 'signedIn', params: (args: { event: object }) => signedInOutput(args).user },
] as const;

/**
 * The sign-in callback page `/auth/callback/{provider}` (docs/spec.md §2): the provider's answer is
 * handed to the portal, which completes the sign-in. Then the phone offer, when the account was
 * just created, has no phone, is in a configured region (the browser's, else the location lookup's)
 * and the local flag asks for it; otherwise the redirect, which the app follows only to the portal
 * itself or the order site.
 */
export const signInCallbackMachine = setup({
  types: {
    context: {} as SignInCallbackContext,
    input: {} as SignInCallbackInput,
    events: {} as SignInCallbackEvent,
  },
  actors: {
    completeSignIn: providedByApp<CompleteSignInResponse, { provider: string; answer: CompleteSignInRequest }>(
      'completeSignIn',
    ),
    /** POST /api/auth/providers/link/password: the account's password consents to the link. */
    linkWithPassword: providedByApp<ProviderLinkResponse, { password: string }>('linkWithPassword'),
    /** POST /api/auth/providers/link/mail: a link to consent with, mailed to the account's address. */
    mailLink: providedByApp<void>('mailLink'),
    /** GET /api/v1/location on the directory service: a region code, or null. */
    lookUpRegion: providedByApp<string | null>('lookUpRegion'),
  },
  actions: {
    rememberSignIn: assign((_, output: ProviderSignedIn) => ({
      user: output.user,
      accountCreated: output.accountCreated,
      redirect: output.redirect,
    })),
    /** The app tells the session who signed in. */
    signedIn: (_, _user: SessionClaims) => {},
    /** The app goes to `/phone-number-input?redirect=…`. */
    goToPhoneOffer: (_, _redirect: string) => {},
    /** The app follows the redirect: within the portal, or a full page load of the order site. */
    followRedirect: (_, _redirect: string) => {},
    /** The account asks for a second step: the app goes to `/auth/second-step` (the redirect waits on the server). */
    goToSecondFactor: () => {},
  },
  guards: {
    isSecondFactorRequired: ({ event }) =>
      'output' in event && (event.output as CompleteSignInResponse).outcome === 'secondFactorRequired',
    isLinkRequired: ({ event }) =>
      'output' in event && (event.output as CompleteSignInResponse).outcome === 'linkRequired',
    canLinkWithPassword: ({ context }) => context.link?.passwordSet === true && context.password.length > 0,
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
    failure: null,
    link: null,
    password: '',
    linkFailure: null,
  }),
  initial: 'completing',
  states: {
    completing: {
      tags: ['busy'],
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context }) => ({ provider: context.provider, answer: context.answer }),
        onDone: [
          { guard: 'isSecondFactorRequired', target: 'secondFactorRequired' },
          {
            guard: 'isLinkRequired',
            target: 'linking',
            actions: assign({
              link: ({ event }) => event.output as ProviderLinkRequired,
            }),
          },
          {
            target: 'choosingDestination',
            actions: afterSignIn,
          },
        ],
        onError: {
          target: 'refused',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    /**
     * The provider vouched for the address of an account that exists (issue 21): its owner
     * consents to the link with the account's password, or by a link mailed to the address
     * (the only way for an account without a password). No session exists until then.
     */
    linking: {
      initial: 'askingConsent',
      states: {
        askingConsent: {
          on: {
            'user.changePassword': {
              actions: assign({
                password: ({ event }) => {
                  assertEvent(event, 'user.changePassword');
                  return event.value;
                },
              }),
            },
            'user.linkWithPassword': { guard: 'canLinkWithPassword', target: 'checkingPassword' },
            'user.mailLink': 'mailingLink',
          },
        },
        checkingPassword: {
          tags: ['busy'],
          entry: assign({ linkFailure: null }),
          invoke: {
            id: 'linkWithPassword',
            src: 'linkWithPassword',
            input: ({ context }) => ({ password: context.password }),
            onDone: [
              {
                guard: 'isSecondFactorRequired',
                target: '#signInCallback.secondFactorRequired',
                actions: assign({ password: '' }),
              },
              {
                target: '#signInCallback.choosingDestination',
                actions: [assign({ password: '' }), ...afterSignIn],
              },
            ],
            onError: {
              target: 'askingConsent',
              actions: assign({ linkFailure: ({ event }) => refusalOfEvent(event) }),
            },
          },
        },
        mailingLink: {
          tags: ['busy'],
          entry: assign({ linkFailure: null }),
          invoke: {
            id: 'mailLink',
            src: 'mailLink',
            onDone: 'linkMailed',
            onError: {
              target: 'askingConsent',
              actions: assign({ linkFailure: ({ event }) => refusalOfEvent(event) }),
            },
          },
        },
        /** The mail is on its way; the person may ask for another (the server limits how many). */
        linkMailed: {
          on: { 'user.mailLink': 'mailingLink' },
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
    /** The provider (or the consent) was right; the account asks for its second step, on a page of its own. */
    secondFactorRequired: {
      tags: ['busy'],
      entry: 'goToSecondFactor',
    },
    /** The sign-in did not complete: the reason, and the way back to the sign-in page. */
    refused: { tags: ['error'] },
  },
});

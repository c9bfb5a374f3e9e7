import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { Email } from '../../contract/auth';
import type { ProviderId } from '../../contract/federated-sign-in';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type FederatedSignInInput = {
  /** Where the sign-in page was asked to lead afterwards; the server checks it. */
  redirect?: string;
};

export type FederatedSignInContext = {
  redirect?: string;
  /** The social provider being started, while it is. */
  provider: ProviderId | null;
  workEmail: string;
  /** A contract message text about the work address; views translate it. */
  workEmailError: string | null;
  /** Why the last start did not happen; null while none failed. */
  failure: Refusal | null;
  /** Set once a start succeeded: the app sends the browser there. */
  authorizationUrl: string | null;
};

export type FederatedSignInEvent =
  | { type: 'user.chooseProvider'; provider: ProviderId }
  | { type: 'user.chooseCompany' }
  | { type: 'user.changeWorkEmail'; value: string }
  | { type: 'user.continueWithCompany' }
  | { type: 'user.cancelCompany' };

/** The contract's check of the work address, as its message text, or null. */
function workEmailErrorOf(email: string): string | null {
  const result = v.safeParse(Email, email);
  return result.success ? null : result.issues[0].message;
}

/** The authorization address of a started sign-in. */
export type StartedSignIn = { authorizationUrl: string };

const enteringWorkEmail = {
  'user.changeWorkEmail': { target: '#federatedSignIn.enteringWorkEmail', actions: 'changeWorkEmail' },
  'user.continueWithCompany': [
    { guard: 'isWorkEmailWellFormed', target: '#federatedSignIn.findingCompany' },
    { target: '#federatedSignIn.enteringWorkEmail', actions: 'showWorkEmailError' },
  ],
  'user.cancelCompany': { target: '#federatedSignIn.choosing', actions: 'forgetFailure' },
} as const;

/**
 * The other ways to sign in on the sign-in page (issue 11): a button per social provider, and the
 * company account, reached by typing a work address whose domain leads to the company's provider.
 * A start that succeeds leaves the portal for the provider, which sends the person back to
 * `/auth/callback/{provider}` (signInCallback).
 */
export const federatedSignInMachine = setup({
  types: {
    context: {} as FederatedSignInContext,
    events: {} as FederatedSignInEvent,
    input: {} as FederatedSignInInput,
  },
  actors: {
    startProviderSignIn: providedByApp<StartedSignIn, { provider: ProviderId; redirect?: string }>(
      'startProviderSignIn',
    ),
    startCompanySignIn: providedByApp<StartedSignIn, { email: string; redirect?: string }>('startCompanySignIn'),
  },
  actions: {
    changeWorkEmail: assign(({ event }) => {
      assertEvent(event, 'user.changeWorkEmail');
      return { workEmail: event.value, workEmailError: null, failure: null };
    }),
    showWorkEmailError: assign({ workEmailError: ({ context }) => workEmailErrorOf(context.workEmail) }),
    showFailure: assign({
      failure: ({ event }) => refusalOfEvent(event),
      provider: null,
    }),
    forgetFailure: assign({ failure: null, workEmailError: null }),
    /** The app sends the browser to the provider (a full page load). */
    goToProvider: () => {},
  },
  guards: {
    isWorkEmailWellFormed: ({ context }) => workEmailErrorOf(context.workEmail) === null,
  },
}).createMachine({
  id: 'federatedSignIn',
  context: ({ input }) => ({
    redirect: input.redirect,
    provider: null,
    workEmail: '',
    workEmailError: null,
    failure: null,
    authorizationUrl: null,
  }),
  initial: 'choosing',
  states: {
    /** The buttons; a refused start is shown above them. */
    choosing: {
      on: {
        'user.chooseProvider': {
          target: 'startingProviderSignIn',
          actions: assign(({ event }) => ({ provider: event.provider, failure: null })),
        },
        'user.chooseCompany': { target: 'enteringWorkEmail', actions: 'forgetFailure' },
      },
    },
    startingProviderSignIn: {
      tags: ['busy'],
      invoke: {
        id: 'startProviderSignIn',
        src: 'startProviderSignIn',
        input: ({ context }) => ({ provider: context.provider ?? 'google', redirect: context.redirect }),
        onDone: {
          target: 'leavingForProvider',
          actions: assign({ authorizationUrl: ({ event }) => event.output.authorizationUrl }),
        },
        onError: { target: 'choosing', actions: 'showFailure' },
      },
    },
    /** The work address; an unknown domain or another refusal is shown beside it. */
    enteringWorkEmail: { on: enteringWorkEmail },
    findingCompany: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'startCompanySignIn',
        src: 'startCompanySignIn',
        input: ({ context }) => ({ email: context.workEmail.trim(), redirect: context.redirect }),
        onDone: {
          target: 'leavingForProvider',
          actions: assign({ authorizationUrl: ({ event }) => event.output.authorizationUrl }),
        },
        onError: { target: 'enteringWorkEmail', actions: 'showFailure' },
      },
    },
    /** The browser is on its way to the provider. */
    leavingForProvider: { tags: ['busy'], entry: 'goToProvider' },
  },
});

import type { SecondFactorRequired, SessionClaims } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import {
  FederatedSignInMessage,
  type ProviderLinkRequired,
  type ProviderSignedIn,
} from '../../contract/federated-sign-in';
import type {
  SignInCallbackContext,
  SignInCallbackInput,
  signInCallbackMachine,
} from '../../machines/signInCallback/signInCallback.machine';
import { SignInCallbackView } from '../../src/features/federated-sign-in/sign-in-callback.view';
import { actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const answer = { code: 'code-from-provider', state: 'state-sent', iss: 'https://accounts.example' };
// The browser's languages name no region, so the location lookup decides.
export const input: SignInCallbackInput = {
  provider: 'google',
  answer,
  browserRegion: null,
  phoneVerificationRegions: { US: 50 },
  phoneOfferWanted: true,
};

export const newcomer: SessionClaims = {
  sub: '3c9d1f0e-5b7a-4c2d-8e6f-0a1b2c3d4e5f',
  email: 'new.person@example.com',
  phone: null,
  accountCreated: '2026-11-25T08:00:00.000Z',
  iat: 1_795_000_000,
  role: 'user',
  idp: 'google',
};

export const createdAccount: ProviderSignedIn = {
  outcome: 'signedIn',
  user: newcomer,
  accountCreated: true,
  redirect: '/activate?activationCode=482913',
};

export const existingAccount: ProviderSignedIn = {
  outcome: 'signedIn',
  user: { ...newcomer, idp: 'password' },
  accountCreated: false,
  redirect: 'https://order.bondline.example/checkout?plan=teams',
};

/** The provider vouches for the address of an account that has a password, and of one that has none. */
export const linkToPasswordAccount: ProviderLinkRequired = {
  outcome: 'linkRequired',
  provider: 'google',
  email: 'individual@example.com',
  passwordSet: true,
};
export const linkToProviderAccount: ProviderLinkRequired = { ...linkToPasswordAccount, passwordSet: false };

/** The account has an authenticator app on: the sign-in waits for its second step. */
export const secondFactorRequired: SecondFactorRequired = {
  outcome: 'secondFactorRequired',
  methods: ['authenticatorApp', 'recoveryCode'],
};

const refusedWith = (actorId: string, code: ErrorCode, message: string) =>
  actorRefused(actorId, refused(code, message));

/** Sample events for generating the sign-in callback machine's paths. */
const signInCallbackCases = {
  'xstate.done.actor.completeSignIn': [
    { type: 'xstate.done.actor.completeSignIn', output: createdAccount, actorId: 'completeSignIn' },
    { type: 'xstate.done.actor.completeSignIn', output: existingAccount, actorId: 'completeSignIn' },
    { type: 'xstate.done.actor.completeSignIn', output: linkToPasswordAccount, actorId: 'completeSignIn' },
    { type: 'xstate.done.actor.completeSignIn', output: linkToProviderAccount, actorId: 'completeSignIn' },
    { type: 'xstate.done.actor.completeSignIn', output: secondFactorRequired, actorId: 'completeSignIn' },
  ],
  'xstate.error.actor.completeSignIn': [
    {
      type: 'xstate.error.actor.completeSignIn',
      error: refused(ErrorCode.emailNotVerified, FederatedSignInMessage.emailNotVerified),
      actorId: 'completeSignIn',
    },
    { type: 'xstate.error.actor.completeSignIn', error: new Error('network down'), actorId: 'completeSignIn' },
  ],
  // A password typed or cleared: one of each kind keeps the paths few.
  // Only where a password is asked for; consent is sent once one is typed (the button waits for it).
  'user.changePassword': ({ context }: { context: SignInCallbackContext }) =>
    context.link?.passwordSet
      ? [{ type: 'user.changePassword', value: context.password === '' ? 'individual-password-1' : '' }]
      : [],
  'user.linkWithPassword': ({ context }: { context: SignInCallbackContext }) =>
    context.link?.passwordSet && context.password !== '' ? [{ type: 'user.linkWithPassword' }] : [],
  'xstate.done.actor.linkWithPassword': [
    { type: 'xstate.done.actor.linkWithPassword', output: existingAccount, actorId: 'linkWithPassword' },
    { type: 'xstate.done.actor.linkWithPassword', output: secondFactorRequired, actorId: 'linkWithPassword' },
  ],
  'xstate.error.actor.linkWithPassword': [
    refusedWith('linkWithPassword', ErrorCode.invalidCredentials, FederatedSignInMessage.linkPasswordIncorrect),
    actorFailed('linkWithPassword'),
  ],
  'xstate.done.actor.mailLink': [{ type: 'xstate.done.actor.mailLink', output: undefined, actorId: 'mailLink' }],
  'xstate.error.actor.mailLink': [
    refusedWith('mailLink', ErrorCode.linkExpired, FederatedSignInMessage.linkExpired),
    actorFailed('mailLink'),
  ],
  'xstate.done.actor.lookUpRegion': [
    { type: 'xstate.done.actor.lookUpRegion', output: 'US', actorId: 'lookUpRegion' },
    { type: 'xstate.done.actor.lookUpRegion', output: 'DE', actorId: 'lookUpRegion' },
    { type: 'xstate.done.actor.lookUpRegion', output: null, actorId: 'lookUpRegion' },
  ],
  'xstate.error.actor.lookUpRegion': [
    { type: 'xstate.error.actor.lookUpRegion', error: new Error('directory down'), actorId: 'lookUpRegion' },
  ],
} as const;

/** What the sign-in callback machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const signInCallbackModel: FlowModel<typeof signInCallbackMachine> = {
  input,
  cases: signInCallbackCases,
  // What the person can tell apart: the state, whether a refusal says why, and while the link is
  // asked for, whether the account has a password, whether one is typed, and which failure shows.
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify([
      snapshot.value,
      snapshot.matches('refused') ? Boolean(context.failure?.message) : null,
      snapshot.matches('linking')
        ? [context.link?.passwordSet, context.password !== '', context.linkFailure?.message ?? context.linkFailure]
        : null,
    ]);
  },
  render: (snapshot, send) => (
    <SignInCallbackView snapshot={snapshot} send={send} providerName="Google" onNavigate={() => {}} />
  ),
};

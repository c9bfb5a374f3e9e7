import type { SessionClaims } from '../../contract/auth';
import { type CompleteSignInResponse, FederatedSignInMessage } from '../../contract/federated-sign-in';
import { CallbackRefused } from '../../machines/signInCallback/signInCallback.machine';

export const newcomer: SessionClaims = {
  sub: '3c9d1f0e-5b7a-4c2d-8e6f-0a1b2c3d4e5f',
  email: 'new.person@example.com',
  phone: null,
  accountCreated: '2026-11-25T08:00:00.000Z',
  iat: 1_795_000_000,
  role: 'user',
  idp: 'google',
};

export const createdAccount: CompleteSignInResponse = {
  user: newcomer,
  accountCreated: true,
  redirect: '/activate?activationCode=482913',
};

export const existingAccount: CompleteSignInResponse = {
  user: { ...newcomer, idp: 'password' },
  accountCreated: false,
  redirect: 'https://order.bondline.example/checkout?plan=teams',
};

/** Sample events for generating the sign-in callback machine's paths. */
export const signInCallbackCases = {
  'xstate.done.actor.completeSignIn': [
    { type: 'xstate.done.actor.completeSignIn', output: createdAccount, actorId: 'completeSignIn' },
    { type: 'xstate.done.actor.completeSignIn', output: existingAccount, actorId: 'completeSignIn' },
  ],
  'xstate.error.actor.completeSignIn': [
    {
      type: 'xstate.error.actor.completeSignIn',
      error: new CallbackRefused(FederatedSignInMessage.emailNotVerified),
      actorId: 'completeSignIn',
    },
    { type: 'xstate.error.actor.completeSignIn', error: new Error('network down'), actorId: 'completeSignIn' },
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

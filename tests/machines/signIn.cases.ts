import type { SessionClaims } from '../../contract/auth';
import { type SignInContext, SignInError } from '../../machines/signIn/signIn.machine';

/** Sample events for generating the sign-in machine's paths. */
export const sampleClaims: SessionClaims = {
  sub: '7b0c6a52-2f7f-4a4e-9a53-0d6f3c0f1c11',
  email: 'sam@example.com',
  phone: null,
  accountCreated: '2026-01-01T00:00:00.000Z',
  iat: 1_790_000_000,
  role: 'user',
  idp: 'password',
};

export const signInCases = {
  // A person can only change a field to something other than what it holds.
  'user.changeEmail': ({ context }: { context: SignInContext }) =>
    ['sam@example.com', 'not-an-address']
      .filter((value) => value !== context.email)
      .map((value) => ({ type: 'user.changeEmail' as const, value })),
  'user.changePassword': ({ context }: { context: SignInContext }) =>
    ['correct horse battery', '']
      .filter((value) => value !== context.password)
      .map((value) => ({ type: 'user.changePassword' as const, value })),
  'xstate.done.actor.signIn': [
    { type: 'xstate.done.actor.signIn', output: { outcome: 'signedIn', user: sampleClaims }, actorId: 'signIn' },
    {
      type: 'xstate.done.actor.signIn',
      output: { outcome: 'secondFactorRequired', methods: ['authenticatorApp', 'recoveryCode'] },
      actorId: 'signIn',
    },
  ],
  'xstate.error.actor.signIn': [
    { type: 'xstate.error.actor.signIn', error: new SignInError('invalidCredentials'), actorId: 'signIn' },
    { type: 'xstate.error.actor.signIn', error: new SignInError('rateLimited'), actorId: 'signIn' },
    { type: 'xstate.error.actor.signIn', error: new Error('network down'), actorId: 'signIn' },
  ],
} as const;

import type { SessionClaims } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import type { PasskeyAssertion, SignInContext, signInMachine } from '../../machines/signIn/signIn.machine';
import { fieldErrorsOf } from '../../machines/signIn/signIn.machine';
import { statePathOf } from '../../machines/support/paths';
import { SignInView } from '../../src/features/sign-in/sign-in.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

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

/** What a browser's passkey dialog answers (opaque to the portal's client: the server verifies it). */
export const passkeyAssertion: PasskeyAssertion = {
  id: 'Y3JlZGVudGlhbC0x',
  rawId: 'Y3JlZGVudGlhbC0x',
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4',
    signature: 'MEUCIQDd',
    userHandle: 'dXNlci0x',
  },
  clientExtensionResults: {},
};

const answered = (actorId: string) => ({
  type: `xstate.done.actor.${actorId}`,
  output: { outcome: 'answered', response: passkeyAssertion },
  actorId,
});

const signInCases = {
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
      output: { outcome: 'secondFactorRequired', methods: ['passkey', 'authenticatorApp', 'recoveryCode'] },
      actorId: 'signIn',
    },
  ],
  'xstate.error.actor.signIn': [
    {
      type: 'xstate.error.actor.signIn',
      error: refused(ErrorCode.invalidCredentials, 'The e-mail address or password is incorrect.'),
      actorId: 'signIn',
    },
    {
      type: 'xstate.error.actor.signIn',
      error: refused(ErrorCode.rateLimited, 'Too many attempts. Please wait a few minutes and try again.'),
      actorId: 'signIn',
    },
    { type: 'xstate.error.actor.signIn', error: new Error('network down'), actorId: 'signIn' },
  ],
  // The e-mail field's suggestions answer only when a passkey is chosen (else they wait, or end unseen).
  'xstate.done.actor.passkeyAutofill': [answered('passkeyAutofill')],
  'xstate.done.actor.askForPasskey': [
    answered('askForPasskey'),
    { type: 'xstate.done.actor.askForPasskey', output: { outcome: 'cancelled' }, actorId: 'askForPasskey' },
  ],
  'xstate.error.actor.askForPasskey': [
    { type: 'xstate.error.actor.askForPasskey', error: new Error('network down'), actorId: 'askForPasskey' },
  ],
  'xstate.done.actor.signInWithPasskey': [
    {
      type: 'xstate.done.actor.signInWithPasskey',
      output: { outcome: 'signedIn', user: { ...sampleClaims, idp: 'passkey' } },
      actorId: 'signInWithPasskey',
    },
  ],
  'xstate.error.actor.signInWithPasskey': [
    {
      type: 'xstate.error.actor.signInWithPasskey',
      error: refused(ErrorCode.passkeyRefused, PasskeyMessage.notRecognised),
      actorId: 'signInWithPasskey',
    },
    {
      type: 'xstate.error.actor.signInWithPasskey',
      error: refused(ErrorCode.rateLimited, 'Too many attempts. Please wait a few minutes and try again.'),
      actorId: 'signInWithPasskey',
    },
  ],
} as const;

/** What the signIn machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const signInModel: FlowModel<typeof signInMachine> = {
  input: {},
  cases: signInCases,
  // What the person can tell apart, kept coarse so the paths stay few: the state; whether the form
  // can be sent; the refusal said where it is said (a failure, a passkey's failure, the fields' errors).
  serializeState: (snapshot) => {
    const { context } = snapshot;
    const state = statePathOf(snapshot.value);
    return JSON.stringify([
      state,
      snapshot.status,
      state === 'form.failure' ? context.failure : null,
      state === 'form.passkeyFailed' ? context.passkeyFailure : null,
      Object.keys(fieldErrorsOf(context)).sort(),
      state === 'form.invalid'
        ? Object.keys(context.fieldErrors)
            .filter((key) => context.fieldErrors[key as 'email'] !== undefined)
            .sort()
        : null,
    ]);
  },
  render: (snapshot, send) => (
    <SignInView
      snapshot={snapshot}
      send={send}
      passkeysSupported
      forgotPasswordLink={<a href="/password/forgot">Forgot password?</a>}
      createAccountLink={<a href="/create">Create account</a>}
    />
  ),
};

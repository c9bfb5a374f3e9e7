import type { SecondFactorMethod, SessionClaims } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import type { SecondFactorSignedIn } from '../../contract/second-factor';
import { SecondFactorMessage } from '../../contract/second-factor';
import {
  answerErrorOf,
  type SecondFactorChallengeContext,
  type secondFactorChallengeMachine,
} from '../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { statePathOf } from '../../machines/support/paths';
import type { RefusalError } from '../../machines/support/refusal';
import { SecondFactorChallengeView } from '../../src/features/second-factor-challenge/second-factor-challenge.view';
import { actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';
import { passkeyAssertion } from './signIn.cases';

const twoStepUser: SessionClaims = {
  sub: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  email: 'sam@example.com',
  phone: null,
  accountCreated: '2026-01-01T00:00:00.000Z',
  iat: 1_795_000_000,
  role: 'user',
  idp: 'password',
};

/** A password sign-in's second step: the page's own redirect applies. */
export const passwordSignedIn: SecondFactorSignedIn = {
  outcome: 'signedIn',
  user: twoStepUser,
  redirect: null,
  accountCreated: false,
};

/** The ways of answering of an account with a passkey, as its sign-in's answer lists them. */
export const allMethods: SecondFactorMethod[] = ['passkey', 'authenticatorApp', 'recoveryCode'];

/** A recovery code as shown to the person: groups, dashes, any case. */
export const recoveryCode = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-23';

const refusedEvent = (refusal: RefusalError) => actorRefused('answerSecondFactor', refusal);

/** Sample events for generating the second step's paths. */
const secondFactorChallengeCases = {
  // A well-formed code and a short one, for the way of answering in use (and other than the field holds).
  'user.changeCode': ({ context }: { context: SecondFactorChallengeContext }) =>
    (context.method === 'authenticatorApp' ? ['123456', '12'] : [recoveryCode, 'ABCD'])
      .filter((value) => value !== context.code)
      .map((value) => ({ type: 'user.changeCode' as const, value })),
  // The page offers the other way only.
  'user.useRecoveryCode': ({ context }: { context: SecondFactorChallengeContext }) =>
    context.method === 'authenticatorApp' ? [{ type: 'user.useRecoveryCode' as const }] : [],
  'user.useAuthenticatorApp': ({ context }: { context: SecondFactorChallengeContext }) =>
    context.method === 'recoveryCode' ? [{ type: 'user.useAuthenticatorApp' as const }] : [],
  'xstate.done.actor.answerSecondFactor': [
    { type: 'xstate.done.actor.answerSecondFactor', output: passwordSignedIn, actorId: 'answerSecondFactor' },
  ],
  'xstate.error.actor.answerSecondFactor': [
    refusedEvent(refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    refusedEvent(refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 90 })),
    refusedEvent(refused(ErrorCode.secondFactorExpired, SecondFactorMessage.challengeExpired)),
    { type: 'xstate.error.actor.answerSecondFactor', error: new Error('network down'), actorId: 'answerSecondFactor' },
  ],
  'xstate.done.actor.askForPasskey': [
    {
      type: 'xstate.done.actor.askForPasskey',
      output: { outcome: 'answered', response: passkeyAssertion },
      actorId: 'askForPasskey',
    },
    { type: 'xstate.done.actor.askForPasskey', output: { outcome: 'cancelled' }, actorId: 'askForPasskey' },
  ],
  'xstate.error.actor.askForPasskey': [
    // The waiting sign-in is gone (the options are refused), or the browser failed.
    {
      type: 'xstate.error.actor.askForPasskey',
      error: refused(ErrorCode.secondFactorExpired, SecondFactorMessage.challengeExpired),
      actorId: 'askForPasskey',
    },
    { type: 'xstate.error.actor.askForPasskey', error: new Error('browser failed'), actorId: 'askForPasskey' },
  ],
} as const;

/** Where the page's way back leads: the sign-in, keeping the page asked for. */
export const signInHref = '/login?redirect=%2Frouters';

/** What the second step's paths are generated from, and its view (the path tests and the flow explorer). */
export const secondFactorChallengeModel: FlowModel<typeof secondFactorChallengeMachine> = {
  input: { methods: allMethods },
  cases: secondFactorChallengeCases,
  // What the person can tell apart: the state, the way of answering, and where a code is typed
  // whether it is sendable or refused (while a passkey is used, the code waits as it was).
  serializeState: (snapshot) => {
    const { method, code, codeError } = snapshot.context;
    const state = statePathOf(snapshot.value);
    const typing = !/passkey/i.test(state);
    return JSON.stringify([
      state,
      snapshot.status,
      method,
      typing ? [answerErrorOf(method, code) === null, codeError !== null] : null,
    ]);
  },
  render: (snapshot, send) => (
    <SecondFactorChallengeView snapshot={snapshot} send={send} signInHref={signInHref} onNavigate={() => {}} />
  ),
};

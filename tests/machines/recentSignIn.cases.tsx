import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { RecentSignInMessage, type RecentSignInMethod } from '../../contract/recent-sign-in';
import { SecondFactorMessage } from '../../contract/second-factor';
import {
  answerErrorOf,
  type PasskeyAnswer,
  type PasskeyChallenge,
  type RecentSignInContext,
  type recentSignInMachine,
} from '../../machines/recentSignIn/recentSignIn.machine';
import { BrowserRefusal } from '../../machines/support/refusal';
import { RecentSignInView } from '../../src/features/recent-sign-in/recent-sign-in.view';
import { actorDone, actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';
import { recoveryCode } from './secondFactorChallenge.cases';

export const password = 'correct horse battery staple';
const email = 'sam@example.com';

/** What the server's options and the browser's answer look like (opaque to the portal). */
export const passkeyChallenge = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  userVerification: 'required',
} as PasskeyChallenge;
export const passkeyAnswer = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
} as PasskeyAnswer;

/** The ways the server may offer, each with a form the dialog shows differently. */
const methodSets: readonly RecentSignInMethod[][] = [
  // A sign-in by a provider only: nothing to prove it with here.
  [],
  // No authenticator app: the password.
  ['password'],
  // A passkey alone (no password, no app).
  ['passkey'],
  // Everything an account with an app and a passkey has: the passkey first, the app's code below.
  ['passkey', 'authenticatorApp', 'recoveryCode'],
];

const required = (methods: RecentSignInMethod[]) => ({
  type: 'api.recentSignInRequired' as const,
  reason: RecentSignInMessage.required,
  methods,
});

type Snapshot = { context: RecentSignInContext };

/** A well-formed answer and a malformed one, for the way of proving in use (and other than the field holds). */
const samplesOf = (context: RecentSignInContext): string[] => {
  if (context.method === 'password') return [password, ''];
  if (context.method === 'authenticatorApp') return ['123456', '12'];
  return [recoveryCode, 'ABCD'];
};

/** Sample events for generating the recent sign-in's paths. */
const recentSignInCases = {
  'api.recentSignInRequired': methodSets.map(required),
  'user.changeAnswer': ({ context }: Snapshot) =>
    context.method === null
      ? []
      : samplesOf(context)
          .filter((value) => value !== context.typed)
          .map((value) => ({ type: 'user.changeAnswer' as const, value })),
  // The dialog offers only the ways the server named.
  'user.submit': ({ context }: Snapshot) => (context.method === null ? [] : [{ type: 'user.submit' as const }]),
  'user.usePasskey': ({ context }: Snapshot) =>
    context.methods.includes('passkey') ? [{ type: 'user.usePasskey' as const }] : [],
  'user.useRecoveryCode': ({ context }: Snapshot) =>
    context.method === 'authenticatorApp' && context.methods.includes('recoveryCode')
      ? [{ type: 'user.useRecoveryCode' as const }]
      : [],
  'user.useAuthenticatorApp': ({ context }: Snapshot) =>
    context.method === 'recoveryCode' && context.methods.includes('authenticatorApp')
      ? [{ type: 'user.useAuthenticatorApp' as const }]
      : [],
  'xstate.done.actor.fetchPasskeyOptions': [actorDone('fetchPasskeyOptions', passkeyChallenge)],
  'xstate.error.actor.fetchPasskeyOptions': [
    actorRefused('fetchPasskeyOptions', refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 90 })),
    actorFailed('fetchPasskeyOptions'),
  ],
  'xstate.done.actor.askPasskey': [actorDone('askPasskey', passkeyAnswer)],
  'xstate.error.actor.askPasskey': [
    actorRefused('askPasskey', refused(BrowserRefusal.passkeyCancelled, null)),
    actorRefused('askPasskey', refused(BrowserRefusal.passkeyFailed, null)),
  ],
  'xstate.done.actor.confirmRecentSignIn': [actorDone('confirmRecentSignIn')],
  // A passkey's answer is refused as a passkey; a typed one as a wrong answer.
  'xstate.error.actor.confirmRecentSignIn': ({ context }: Snapshot) => [
    context.answer?.method === 'passkey'
      ? actorRefused('confirmRecentSignIn', refused(ErrorCode.passkeyRefused, PasskeyMessage.notRecognised))
      : actorRefused('confirmRecentSignIn', refused(ErrorCode.invalidCode, wrongAnswerOf(context))),
    actorRefused('confirmRecentSignIn', refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 90 })),
    actorFailed('confirmRecentSignIn'),
  ],
};

/** The server's message for a wrong answer of the way in use. */
function wrongAnswerOf(context: RecentSignInContext): string {
  if (context.method === 'password') return RecentSignInMessage.passwordIncorrect;
  return context.method === 'authenticatorApp'
    ? SecondFactorMessage.codeInvalid
    : SecondFactorMessage.recoveryCodeInvalid;
}

type Matching = { matches: (state: unknown) => boolean };
const contextOf = (snapshot: unknown) => (snapshot as { context: RecentSignInContext }).context;

/** What the recent sign-in's paths are generated from, and its view (the path tests and the flow explorer). */
export const recentSignInModel: FlowModel<typeof recentSignInMachine> = {
  cases: recentSignInCases,
  // What the person can tell apart, kept coarse so the paths stay few: the ways offered, the way in
  // use, whether the typed answer can be sent and was refused, whether something went wrong, and
  // (while confirming) whether a passkey or a typed answer is being checked.
  serializeState: (snapshot) => {
    const { methods, method, typed, fieldError, problem, answer } = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      snapshot.status,
      methods.join(','),
      method,
      method ? answerErrorOf(method, typed) === null : null,
      fieldError !== null,
      problem !== null,
      (snapshot as Matching).matches({ asking: 'confirming' }) ? answer?.method : null,
    ]);
  },
  // No question is open until a call asks for a recent sign-in, nor once it is answered.
  rendersNothingIn: ['idle', 'confirmed', 'cancelled', 'signingOut'],
  render: (snapshot, send) => <RecentSignInView snapshot={snapshot} send={send} email={email} />,
};

import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import type { SecondFactorMethod } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { SecondFactorAnswer, SecondFactorMessage, type SecondFactorSignedIn } from '../../contract/second-factor';
import { providedByApp } from '../support/provided-by-app';
import { refusalOfEvent } from '../support/refusal';

/**
 * Why an answer (or a change proved by one) was not taken; views map each to a translated message.
 * `invalidCode`: a wrong code, or a passkey the server did not recognise; `expired`: the waiting
 * sign-in, or an app's setup, took too long; `conflict`: only for changes on the account page (the
 * app is already on, or not on).
 */
export type SecondFactorFailure = 'invalidCode' | 'rateLimited' | 'expired' | 'conflict' | 'unavailable';

/**
 * The failure of an answering actor's error event (the second step, or a change on the account
 * page): anything unexplained (network, a 5xx, the browser's dialog failing) is `unavailable`.
 */
export function secondFactorFailureOf(event: object): SecondFactorFailure {
  switch (refusalOfEvent(event).code) {
    // The contract's own checks refuse the same codes as the server's validation would.
    case ErrorCode.invalidCode:
    case ErrorCode.validation:
    case ErrorCode.passkeyRefused:
      return 'invalidCode';
    case ErrorCode.rateLimited:
      return 'rateLimited';
    case ErrorCode.secondFactorExpired:
      return 'expired';
    case ErrorCode.secondFactorConflict:
      return 'conflict';
    default:
      return 'unavailable';
  }
}

/** The ways of answering that are typed: a code of the app, or a recovery code. */
export type CodeMethod = Exclude<SecondFactorMethod, 'passkey'>;

/** A passkey's answer, as the browser's dialog gives it. */
export type PasskeyAssertion = Extract<SecondFactorAnswer, { method: 'passkey' }>['response'];

/** What the browser's passkey dialog came to: an answer, or none because the person closed it. */
export type PasskeyAnswer = { outcome: 'answered'; response: PasskeyAssertion } | { outcome: 'cancelled' };

/** The contract's check of a typed answer: null, or the message key of what is wrong with it (a passkey types none). */
export function answerErrorOf(method: SecondFactorMethod, code: string): string | null {
  if (method === 'passkey') return null;
  if (code.trim() === '')
    return method === 'authenticatorApp' ? SecondFactorMessage.codeRequired : SecondFactorMessage.recoveryCodeRequired;
  const result = v.safeParse(SecondFactorAnswer, { method, code });
  return result.success ? null : (result.issues[0]?.message ?? SecondFactorMessage.codeRequired);
}

/** The server's refusal of a right-looking answer, as the field's message key. */
export function wrongCodeMessageOf(method: SecondFactorMethod): string {
  if (method === 'passkey') return PasskeyMessage.notRecognised;
  return method === 'authenticatorApp' ? SecondFactorMessage.codeInvalid : SecondFactorMessage.recoveryCodeInvalid;
}

export type SecondFactorChallengeContext = {
  method: CodeMethod;
  code: string;
  /** What is wrong with the typed code: a SecondFactorMessage key, translated by the view. */
  codeError: string | null;
  /** How many answers were refused as wrong: the view puts the focus back in the emptied field. */
  wrongAnswers: number;
  /** For `rateLimited`: how long the server asked to wait, when it said. */
  retryAfterSeconds: number | null;
  /** The account has a passkey to answer with: offered first. */
  passkeyOffered: boolean;
  /** The chosen passkey's answer, while the portal checks it. */
  passkeyResponse: PasskeyAssertion | null;
};

export type SecondFactorChallengeEvent =
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.useRecoveryCode' }
  | { type: 'user.useAuthenticatorApp' }
  | { type: 'user.usePasskey' };

/** The ways the sign-in's answer said the account can answer (without: the codes). */
export type SecondFactorChallengeInput = { methods?: readonly SecondFactorMethod[] };

const machineId = '#secondFactorChallenge';

/** The answer `usingPasskey.verifying` sends: it is entered only with one. */
function passkeyResponseOf(context: SecondFactorChallengeContext): PasskeyAssertion {
  if (!context.passkeyResponse) throw new Error('No passkey answered');
  return context.passkeyResponse;
}

// Typing, sending and switching the way to answer: wherever an answer can be given.
const answering = {
  'user.changeCode': { target: `${machineId}.enteringCode`, actions: 'changeCode' },
  'user.submit': [
    { guard: 'isAnswerWellFormed', target: `${machineId}.verifying` },
    { target: `${machineId}.enteringCode`, actions: 'showCodeError' },
  ],
  'user.useRecoveryCode': {
    target: `${machineId}.enteringCode`,
    actions: { type: 'switchMethod', params: { method: 'recoveryCode' } },
  },
  'user.useAuthenticatorApp': {
    target: `${machineId}.enteringCode`,
    actions: { type: 'switchMethod', params: { method: 'authenticatorApp' } },
  },
  'user.usePasskey': { guard: 'isPasskeyOffered', target: `${machineId}.usingPasskey` },
} as const;

/** A refusal of any answer that is not about the answer itself: too many attempts, too late, unreachable. */
function refusedThen(otherwise: string) {
  return [
    { guard: 'isRateLimited', target: `${machineId}.rateLimited`, actions: 'keepRetryAfter' },
    { guard: 'isExpired', target: `${machineId}.expired`, actions: 'forgetCode' },
    { target: otherwise },
  ] as const;
}

/**
 * The second step of a sign-in `/auth/second-step` (issue 22): after a right password (or a
 * provider's sign-in) the server waits, for five minutes, for one of the account's passkeys (offered
 * first where it has one), a code from the person's authenticator app or one of their recovery
 * codes; only then does the session start. A wrong code can be typed again; too many attempts wait
 * for the server's Retry-After; a sign-in that waited too long starts over.
 */
export const secondFactorChallengeMachine = setup({
  types: {
    context: {} as SecondFactorChallengeContext,
    events: {} as SecondFactorChallengeEvent,
    input: {} as SecondFactorChallengeInput,
  },
  actors: {
    /** POST /api/auth/second-factor. */
    answerSecondFactor: providedByApp<SecondFactorSignedIn, SecondFactorAnswer>('answerSecondFactor'),
    /** POST /api/auth/second-factor/passkey-options, then the browser's dialog. */
    askForPasskey: providedByApp<PasskeyAnswer>('askForPasskey'),
  },
  actions: {
    changeCode: assign(({ event }) => {
      assertEvent(event, 'user.changeCode');
      return { code: event.value, codeError: null };
    }),
    showCodeError: assign({ codeError: ({ context }) => answerErrorOf(context.method, context.code) }),
    switchMethod: assign((_, params: { method: CodeMethod }) => ({
      method: params.method,
      code: '',
      codeError: null,
    })),
    keepRetryAfter: assign({
      retryAfterSeconds: ({ event }) => refusalOfEvent(event).retryAfterSeconds,
    }),
    forgetCode: assign({ code: '' }),
    /** The app tells the session who signed in, and follows the redirect. */
    completeSignIn: (_, _signedIn: SecondFactorSignedIn) => {},
  },
  guards: {
    isAnswerWellFormed: ({ context }) => answerErrorOf(context.method, context.code) === null,
    isPasskeyOffered: ({ context }) => context.passkeyOffered,
    isPasskeyAnswered: ({ event }) => 'output' in event && (event.output as PasskeyAnswer).outcome === 'answered',
    isWrongCode: ({ event }) => secondFactorFailureOf(event) === 'invalidCode',
    isRateLimited: ({ event }) => secondFactorFailureOf(event) === 'rateLimited',
    isExpired: ({ event }) => secondFactorFailureOf(event) === 'expired',
  },
  delays: {
    /** The server's Retry-After (a minute when it sent none): then the person may try again. */
    retryAfter: ({ context }) => (context.retryAfterSeconds ?? 60) * 1000,
  },
}).createMachine({
  id: 'secondFactorChallenge',
  context: ({ input }) => ({
    method: 'authenticatorApp',
    code: '',
    codeError: null,
    wrongAnswers: 0,
    retryAfterSeconds: null,
    passkeyOffered: input.methods?.includes('passkey') ?? false,
    passkeyResponse: null,
  }),
  initial: 'enteringCode',
  states: {
    enteringCode: {
      on: answering,
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'answerSecondFactor',
        src: 'answerSecondFactor',
        input: ({ context }) => ({ method: context.method, code: context.code }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'completeSignIn', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: 'isWrongCode',
            target: 'wrongCode',
            actions: assign(({ context }) => ({
              code: '',
              codeError: wrongCodeMessageOf(context.method),
              wrongAnswers: context.wrongAnswers + 1,
            })),
          },
          ...refusedThen(`${machineId}.unavailable`),
        ],
      },
    },
    /** One of the account's passkeys: the browser's dialog, then the portal's check. */
    usingPasskey: {
      tags: ['busy'],
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            id: 'askForPasskey',
            src: 'askForPasskey',
            onDone: [
              {
                guard: 'isPasskeyAnswered',
                target: 'verifying',
                actions: assign({
                  passkeyResponse: ({ event }) =>
                    (event.output as Extract<PasskeyAnswer, { outcome: 'answered' }>).response,
                }),
              },
              // The dialog was closed: back to the choice, quietly.
              { target: `${machineId}.enteringCode` },
            ],
            onError: refusedThen(`${machineId}.passkeyFailed`),
          },
        },
        verifying: {
          invoke: {
            id: 'answerSecondFactor',
            src: 'answerSecondFactor',
            input: ({ context }) => ({ method: 'passkey', response: passkeyResponseOf(context) }),
            onDone: {
              target: `${machineId}.signedIn`,
              actions: { type: 'completeSignIn', params: ({ event }) => event.output },
            },
            onError: [
              { guard: 'isWrongCode', target: `${machineId}.passkeyRefused` },
              ...refusedThen(`${machineId}.passkeyFailed`),
            ],
          },
        },
      },
      exit: assign({ passkeyResponse: null }),
    },
    /** The server refused the code: the field is emptied for the next one. */
    wrongCode: {
      tags: ['error'],
      on: answering,
    },
    /** The server did not recognise the passkey: another, or a code. */
    passkeyRefused: {
      tags: ['error'],
      on: answering,
    },
    /** The browser or the portal failed while a passkey was used: again, or a code. */
    passkeyFailed: {
      tags: ['error'],
      on: answering,
    },
    /** Too many attempts: the code can be typed, and sent once the server's wait is over. */
    rateLimited: {
      tags: ['error'],
      after: { retryAfter: 'enteringCode' },
      on: { 'user.changeCode': { actions: 'changeCode' } },
    },
    /** The sign-in waited too long (or is unknown to this browser): it starts over at the sign-in page. */
    expired: { tags: ['error'] },
    /** The portal could not be reached: the same code can be sent again. */
    unavailable: {
      tags: ['error'],
      on: answering,
    },
    // Busy until the app has left for the redirect.
    signedIn: { type: 'final', tags: ['busy'] },
  },
});

import type { InferOutput } from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type AuthenticationResponse, PasskeyMessage, type PasskeyRequestOptions } from '../../contract/passkeys';
import type { RecentSignInMethod, RecentSignInRequest } from '../../contract/recent-sign-in';
import { RecentSignInMessage } from '../../contract/recent-sign-in';
import { SecondFactorMessage } from '../../contract/second-factor';
import { answerErrorOf as codeErrorOf } from '../secondFactorChallenge/secondFactorChallenge.machine';
import { providedByApp } from '../support/provided-by-app';
import { BrowserRefusal, refusalOfEvent } from '../support/refusal';

/** What the browser's passkey dialog takes and answers (opaque here: the server made it, and checks it). */
export type PasskeyChallenge = InferOutput<typeof PasskeyRequestOptions>;
export type PasskeyAnswer = InferOutput<typeof AuthenticationResponse>;

/** The ways of proving it that take a typed answer: the form below the passkey's button. */
export type TypedMethod = Exclude<RecentSignInMethod, 'passkey'>;

/**
 * Why a proof was not taken. `wrongAnswer`: a wrong password or code (the field says why);
 * `passkeyRefused`: the server did not take the passkey, or its challenge ran out; `passkeyCancelled`:
 * the person closed the browser's own dialog (no error); `passkeyFailed`: the browser could not use a
 * passkey; `rateLimited`: too many attempts; `unavailable`: anything unexplained (network, a 5xx).
 */
export type RecentSignInFailure =
  | 'wrongAnswer'
  | 'passkeyRefused'
  | 'passkeyCancelled'
  | 'passkeyFailed'
  | 'rateLimited'
  | 'unavailable';

/** What the dialog says above its controls after a failure (a wrong answer is said under its field). */
export type RecentSignInProblem = Extract<RecentSignInFailure, 'passkeyRefused' | 'passkeyFailed' | 'unavailable'>;

/** The field's message when no password was typed (the other keys are the contract's). */
export const passwordRequired = 'Enter your password.';

/** The typed way of proving it among the server's methods: the password, else the app, else a recovery code. */
function typedMethodOf(methods: readonly RecentSignInMethod[]): TypedMethod | null {
  if (methods.includes('password')) return 'password';
  if (methods.includes('authenticatorApp')) return 'authenticatorApp';
  if (methods.includes('recoveryCode')) return 'recoveryCode';
  return null;
}

/** What is wrong with a typed answer before it is sent: null, or the field's message key. */
export function answerErrorOf(method: TypedMethod, typed: string): string | null {
  if (method === 'password') return typed === '' ? passwordRequired : null;
  return codeErrorOf(method, typed);
}

/** A wrong answer's message when the server sent none. */
const wrongAnswerMessageOf = (method: TypedMethod) =>
  method === 'password'
    ? RecentSignInMessage.passwordIncorrect
    : method === 'authenticatorApp'
      ? SecondFactorMessage.codeInvalid
      : SecondFactorMessage.recoveryCodeInvalid;

export type RecentSignInContext = {
  /** The server's reason (RecentSignInMessage.required), translated by the view. */
  reason: string;
  /** How the server accepts the proof; none means "sign in again". */
  methods: RecentSignInMethod[];
  /** The form's way of proving it (null: a passkey only, or nothing). */
  method: TypedMethod | null;
  /** The password or code typed. */
  typed: string;
  /** What is wrong with it: a message key (the contract's, or `passwordRequired`), or the server's text. */
  fieldError: string | null;
  /** How many answers were refused as wrong: the view empties the field and puts the focus back in it. */
  wrongAnswers: number;
  /** The options of the passkey being asked for. */
  passkeyChallenge: PasskeyChallenge | null;
  /** The proof being sent. */
  answer: RecentSignInRequest | null;
  problem: RecentSignInProblem | null;
  /** For `passkeyRefused`: the server's message (PasskeyMessage), translated by the view. */
  problemMessage: string | null;
  /** For `rateLimited`: how long the server asked to wait, when it said. */
  retryAfterSeconds: number | null;
};

export type RecentSignInEvent =
  | { type: 'api.recentSignInRequired'; reason: string; methods: RecentSignInMethod[] }
  | { type: 'user.changeAnswer'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.usePasskey' }
  | { type: 'user.useRecoveryCode' }
  | { type: 'user.useAuthenticatorApp' }
  | { type: 'user.signInAgain' }
  | { type: 'user.cancel' };

const machineId = '#recentSignIn';

/**
 * A step's failure as the dialog tells them apart, with the server's message where the view says
 * it: a wrong password or code, a passkey the server did not take or whose challenge ran out, too
 * many attempts; the browser's dialog closed or failing; anything unexplained is `unavailable`.
 */
function failureOf(
  context: RecentSignInContext,
  event: object,
): { failure: RecentSignInFailure; message: string | null } {
  const { code, message } = refusalOfEvent(event);
  switch (code) {
    case BrowserRefusal.passkeyCancelled:
      return { failure: 'passkeyCancelled', message: null };
    case BrowserRefusal.passkeyFailed:
      return { failure: 'passkeyFailed', message: null };
    case ErrorCode.rateLimited:
      return { failure: 'rateLimited', message: null };
    case ErrorCode.invalidCredentials:
    case ErrorCode.invalidCode:
    // The contract's own checks refuse what the server's validation would.
    case ErrorCode.validation:
      return context.answer?.method === 'passkey'
        ? { failure: 'passkeyRefused', message: PasskeyMessage.notRecognised }
        : { failure: 'wrongAnswer', message };
    case ErrorCode.passkeyRefused:
      return { failure: 'passkeyRefused', message };
    // Only a passkey's challenge runs out here (five minutes): it is asked for again.
    case ErrorCode.secondFactorExpired:
      return { failure: 'passkeyRefused', message: PasskeyMessage.expired };
    default:
      return { failure: 'unavailable', message: null };
  }
}

/** The form's proof: well formed, since `confirming` is entered from the form only past `isAnswerWellFormed`. */
function typedAnswerOf(context: RecentSignInContext): RecentSignInRequest {
  if (context.method === 'password') return { method: 'password', password: context.typed };
  return { method: context.method ?? 'authenticatorApp', code: context.typed };
}

/**
 * "Confirm it's you" (issue 22): a sensitive call (a passkey added or removed, an authenticator app
 * set up, a sign-in unlinked, an API key created) answered 403 `recent_sign_in_required`, with the
 * ways the person can prove it is them. The portal asks in a dialog, with a passkey (the browser's own
 * dialog), the password, or a code of the authenticator app or a recovery code; once the server took
 * the proof the API client makes the call again. Without any way, the person signs in again.
 */
export const recentSignInMachine = setup({
  types: {
    context: {} as RecentSignInContext,
    events: {} as RecentSignInEvent,
  },
  actors: {
    /** POST /api/account/recent-sign-in/passkey-options */
    fetchPasskeyOptions: providedByApp<PasskeyChallenge>('fetchPasskeyOptions'),
    /** The browser's dialog: a passkey's answer to the options' challenge. */
    askPasskey: providedByApp<PasskeyAnswer, PasskeyChallenge>('askPasskey'),
    /** POST /api/account/recent-sign-in. */
    confirmRecentSignIn: providedByApp<void, RecentSignInRequest>('confirmRecentSignIn'),
  },
  actions: {
    ask: assign(({ event }) => {
      assertEvent(event, 'api.recentSignInRequired');
      return { reason: event.reason, methods: event.methods, method: typedMethodOf(event.methods) };
    }),
    changeAnswer: assign(({ event }) => {
      assertEvent(event, 'user.changeAnswer');
      return { typed: event.value, fieldError: null };
    }),
    showFieldError: assign({
      fieldError: ({ context }) => (context.method ? answerErrorOf(context.method, context.typed) : null),
    }),
    takeTypedAnswer: assign({ answer: ({ context }) => typedAnswerOf(context) }),
    switchMethod: assign((_, params: { method: TypedMethod }) => ({
      method: params.method,
      typed: '',
      fieldError: null,
    })),
    clearProblem: assign({ problem: null, problemMessage: null }),
    showWrongAnswer: assign(({ context, event }) => ({
      typed: '',
      fieldError: failureOf(context, event).message ?? (context.method ? wrongAnswerMessageOf(context.method) : null),
      wrongAnswers: context.wrongAnswers + 1,
    })),
    showProblem: assign(({ context, event }) => {
      const { failure, message } = failureOf(context, event);
      const problem: RecentSignInProblem =
        failure === 'passkeyRefused' || failure === 'passkeyFailed' ? failure : 'unavailable';
      return { problem, problemMessage: problem === 'passkeyRefused' ? message : null };
    }),
    /** The app signs the person out and leaves for the sign-in page, with the way back to this page. */
    signInAgain: () => {},
  },
  guards: {
    hasNoMethod: ({ event }) => {
      assertEvent(event, 'api.recentSignInRequired');
      return event.methods.length === 0;
    },
    isAnswerWellFormed: ({ context }) =>
      context.method !== null && answerErrorOf(context.method, context.typed) === null,
    canUsePasskey: ({ context }) => context.methods.includes('passkey'),
    canUseRecoveryCode: ({ context }) =>
      context.method === 'authenticatorApp' && context.methods.includes('recoveryCode'),
    canUseAuthenticatorApp: ({ context }) =>
      context.method === 'recoveryCode' && context.methods.includes('authenticatorApp'),
    isWrongAnswer: ({ context, event }) => failureOf(context, event).failure === 'wrongAnswer',
    isPasskeyCancelled: ({ context, event }) => failureOf(context, event).failure === 'passkeyCancelled',
    isRateLimited: ({ context, event }) => failureOf(context, event).failure === 'rateLimited',
  },
  delays: {
    /** The server's Retry-After (a minute when it sent none): then the person may try again. */
    retryAfter: ({ context }) => (context.retryAfterSeconds ?? 60) * 1000,
  },
}).createMachine({
  id: 'recentSignIn',
  context: {
    reason: '',
    methods: [],
    method: null,
    typed: '',
    fieldError: null,
    wrongAnswers: 0,
    passkeyChallenge: null,
    answer: null,
    problem: null,
    problemMessage: null,
    retryAfterSeconds: null,
  },
  initial: 'idle',
  states: {
    /** Until the API client passes on the server's 403. */
    idle: {
      on: {
        'api.recentSignInRequired': [
          { guard: 'hasNoMethod', target: 'signInAgain', actions: 'ask' },
          { target: 'asking', actions: 'ask' },
        ],
      },
    },
    /** The dialog: a passkey's button, and the form of a password or a code below it. */
    asking: {
      initial: 'answering',
      on: { 'user.cancel': 'cancelled' },
      states: {
        answering: {
          on: {
            'user.changeAnswer': { actions: 'changeAnswer' },
            'user.submit': [
              { guard: 'isAnswerWellFormed', target: 'confirming', actions: 'takeTypedAnswer' },
              { actions: 'showFieldError' },
            ],
            'user.usePasskey': { guard: 'canUsePasskey', target: 'gettingPasskeyOptions' },
            'user.useRecoveryCode': {
              guard: 'canUseRecoveryCode',
              actions: { type: 'switchMethod', params: { method: 'recoveryCode' } },
            },
            'user.useAuthenticatorApp': {
              guard: 'canUseAuthenticatorApp',
              actions: { type: 'switchMethod', params: { method: 'authenticatorApp' } },
            },
          },
        },
        gettingPasskeyOptions: {
          tags: ['busy'],
          entry: 'clearProblem',
          invoke: {
            id: 'fetchPasskeyOptions',
            src: 'fetchPasskeyOptions',
            onDone: {
              target: 'waitingForPasskey',
              actions: assign({ passkeyChallenge: ({ event }) => event.output }),
            },
            onError: [
              {
                guard: 'isRateLimited',
                target: 'rateLimited',
                actions: assign({ retryAfterSeconds: ({ event }) => refusalOfEvent(event).retryAfterSeconds }),
              },
              { target: 'answering', actions: 'showProblem' },
            ],
          },
        },
        /** The browser's own dialog is open. */
        waitingForPasskey: {
          tags: ['busy'],
          invoke: {
            id: 'askPasskey',
            src: 'askPasskey',
            input: ({ context }) => context.passkeyChallenge as PasskeyChallenge,
            onDone: {
              target: 'confirming',
              actions: assign({
                passkeyChallenge: null,
                answer: ({ event }) => ({ method: 'passkey', response: event.output }),
              }),
            },
            onError: [
              // The person closed the browser's dialog: back, quietly.
              { guard: 'isPasskeyCancelled', target: 'answering', actions: assign({ passkeyChallenge: null }) },
              { target: 'answering', actions: ['showProblem', assign({ passkeyChallenge: null })] },
            ],
          },
        },
        confirming: {
          tags: ['busy'],
          entry: 'clearProblem',
          invoke: {
            id: 'confirmRecentSignIn',
            src: 'confirmRecentSignIn',
            input: ({ context }) => context.answer as RecentSignInRequest,
            onDone: `${machineId}.confirmed`,
            onError: [
              { guard: 'isWrongAnswer', target: 'answering', actions: 'showWrongAnswer' },
              {
                guard: 'isRateLimited',
                target: 'rateLimited',
                actions: assign({ retryAfterSeconds: ({ event }) => refusalOfEvent(event).retryAfterSeconds }),
              },
              { target: 'answering', actions: 'showProblem' },
            ],
          },
        },
        /** Too many attempts: the answer can be typed, and sent once the server's wait is over. */
        rateLimited: {
          tags: ['error'],
          after: { retryAfter: 'answering' },
          on: { 'user.changeAnswer': { actions: 'changeAnswer' } },
        },
      },
    },
    /** No way of proving it here (a sign-in by a provider only): sign in again. */
    signInAgain: {
      on: {
        'user.signInAgain': { target: 'signingOut', actions: 'signInAgain' },
        'user.cancel': 'cancelled',
      },
    },
    /** The server took the proof: the call is made again. */
    confirmed: { type: 'final' },
    /** The person did not confirm: the call fails as it was answered. */
    cancelled: { type: 'final' },
    /** Leaving for the sign-in page: the call fails as it was answered. */
    signingOut: { type: 'final' },
  },
});

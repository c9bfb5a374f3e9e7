import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { LoginRequest, type LoginResponse, type SecondFactorMethod, type SessionClaims } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import type { PasskeySignInRequest, PasskeySignInResponse } from '../../contract/passkeys';
import { providedByApp } from '../support/provided-by-app';
import { refusalOfEvent } from '../support/refusal';

/** Why a sign-in was refused; views map each to a translated message. */
export type SignInFailure = 'invalidCredentials' | 'rateLimited' | 'unavailable';

/**
 * Why a sign-in with a passkey did not happen: the account holds no such passkey (or its answer
 * did not verify), it took too long, too many attempts, or the portal or the browser failed.
 */
export type PasskeySignInFailure = 'notRecognised' | 'expired' | 'rateLimited' | 'unavailable';

/** Field errors carry the contract's message keys; views translate them. */
export type SignInFieldErrors = Partial<Record<'email' | 'password', string>>;

/** A passkey's answer, as the browser's dialog gives it. */
export type PasskeyAssertion = PasskeySignInRequest['response'];

/**
 * What the browser's passkey dialog came to: an answer, or none because the person closed it (or
 * it was cancelled for another, or this browser offers no passkeys): no failure, nothing to say.
 */
export type PasskeyAnswer = { outcome: 'answered'; response: PasskeyAssertion } | { outcome: 'cancelled' };

export type SignInContext = {
  email: string;
  password: string;
  fieldErrors: SignInFieldErrors;
  failure: SignInFailure | null;
  passkeyFailure: PasskeySignInFailure | null;
  /** The chosen passkey's answer, while the portal checks it. */
  passkeyResponse: PasskeyAssertion | null;
};

export type SignInEvent =
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.signInWithPasskey' };

export type SignInInput = { email?: string };

/** A refused sign-in as the form words it: anything unexplained (network, a 5xx) is `unavailable`. */
function signInFailureOf(event: object): SignInFailure {
  const { code } = refusalOfEvent(event);
  if (code === ErrorCode.invalidCredentials) return 'invalidCredentials';
  return code === ErrorCode.rateLimited ? 'rateLimited' : 'unavailable';
}

/** A passkey that did not sign in, as the form words it (a browser that failed is `unavailable`). */
function passkeyFailureOf(event: object): PasskeySignInFailure {
  switch (refusalOfEvent(event).code) {
    case ErrorCode.passkeyRefused:
      return 'notRecognised';
    case ErrorCode.secondFactorExpired:
      return 'expired';
    case ErrorCode.rateLimited:
      return 'rateLimited';
    default:
      return 'unavailable';
  }
}

/** The contract's validation of the form, as message keys per field. */
export function fieldErrorsOf(form: Pick<SignInContext, 'email' | 'password'>): SignInFieldErrors {
  const result = v.safeParse(LoginRequest, { email: form.email, password: form.password });
  if (result.success) return {};
  const nested = v.flatten<typeof LoginRequest>(result.issues).nested ?? {};
  const errors: SignInFieldErrors = {};
  if (nested.email?.[0]) errors.email = nested.email[0];
  if (nested.password?.[0]) errors.password = nested.password[0];
  return errors;
}

/** The answer `passkey.verifying` sends: it is entered only with one. */
function passkeyResponseOf(context: SignInContext): PasskeyAssertion {
  if (!context.passkeyResponse) throw new Error('No passkey answered');
  return context.passkeyResponse;
}

// Editing a field is possible wherever the form is not being sent.
const editing = {
  'user.changeEmail': { target: '#signIn.form.editing', actions: 'changeEmail' },
  'user.changePassword': { target: '#signIn.form.editing', actions: 'changePassword' },
} as const;

// Sending it again after a refusal: a valid form is sent, an invalid one says what is wrong.
const resubmitting = {
  'user.submit': [{ guard: 'isFormValid', target: '#signIn.submitting' }, { target: '#signIn.form.invalid' }],
} as const;

/**
 * The sign-in page `/login` (docs/spec.md §2; passkeys, issue 22): e-mail and password, or a
 * passkey, chosen from the e-mail field's suggestions (the browser's autofill, waiting as long as
 * the form shows) or with the "Sign in with a passkey" button. A passkey is both steps; a password
 * may hand over to the second step.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    /** POST /api/auth/login: signed in, or the second step is asked for. */
    signIn: providedByApp<LoginResponse, { email: string; password: string }>('signIn'),
    /**
     * The e-mail field's passkey suggestions (conditional mediation), where the browser has them:
     * answers once the person chooses one; cancelled when the form is left (or the page).
     */
    passkeyAutofill: providedByApp<PasskeyAnswer>('passkeyAutofill'),
    /** "Sign in with a passkey": POST /api/auth/passkey/options, then the browser's dialog. */
    askForPasskey: providedByApp<PasskeyAnswer>('askForPasskey'),
    /** POST /api/auth/passkey: both steps at once. */
    signInWithPasskey: providedByApp<PasskeySignInResponse, PasskeySignInRequest>('signInWithPasskey'),
  },
  actions: {
    changeEmail: assign(({ context, event }) => {
      assertEvent(event, 'user.changeEmail');
      return { email: event.value, fieldErrors: { ...context.fieldErrors, email: undefined } };
    }),
    changePassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changePassword');
      return { password: event.value, fieldErrors: { ...context.fieldErrors, password: undefined } };
    }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => fieldErrorsOf(context) }),
    keepPasskeyAnswer: assign({
      passkeyResponse: ({ event }) =>
        'output' in event ? (event.output as Extract<PasskeyAnswer, { outcome: 'answered' }>).response : null,
    }),
    showPasskeyFailure: assign({
      passkeyFailure: ({ event }) => passkeyFailureOf(event),
      passkeyResponse: null,
    }),
    /** Tell the session who signed in and leave for the redirect target. */
    completeSignIn: (_, _user: SessionClaims) => {},
    /** The password was right and the account asks for a second step: the app goes to `/auth/second-step`. */
    askForSecondFactor: (_, _methods: SecondFactorMethod[]) => {},
  },
  guards: {
    isSecondFactorRequired: ({ event }) =>
      'output' in event && (event.output as LoginResponse).outcome === 'secondFactorRequired',
    isFormValid: ({ context }) => Object.keys(fieldErrorsOf(context)).length === 0,
    isPasskeyAnswered: ({ event }) => 'output' in event && (event.output as PasskeyAnswer).outcome === 'answered',
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    email: input.email ?? '',
    password: '',
    fieldErrors: {},
    failure: null,
    passkeyFailure: null,
    passkeyResponse: null,
  }),
  initial: 'form',
  states: {
    /** The form, usable: meanwhile the e-mail field offers the browser's passkeys. */
    form: {
      initial: 'editing',
      invoke: {
        id: 'passkeyAutofill',
        src: 'passkeyAutofill',
        // None chosen (no passkeys in this browser, or the form was left): the form stays as it is.
        onDone: { guard: 'isPasskeyAnswered', target: '#signIn.passkey.verifying', actions: 'keepPasskeyAnswer' },
      },
      on: {
        'user.signInWithPasskey': '#signIn.passkey',
      },
      states: {
        editing: {
          on: {
            ...editing,
            ...resubmitting,
          },
        },
        invalid: {
          tags: ['error'],
          entry: 'showFieldErrors',
          on: {
            ...editing,
            'user.submit': { guard: 'isFormValid', target: '#signIn.submitting' },
          },
        },
        failure: {
          tags: ['error'],
          on: { ...editing, ...resubmitting },
        },
        /** A passkey did not sign in: said beside the button; the form and the button are there again. */
        passkeyFailed: {
          tags: ['error'],
          on: { ...editing, ...resubmitting },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ failure: null, passkeyFailure: null, fieldErrors: {} }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          {
            guard: 'isSecondFactorRequired',
            target: 'secondFactorRequired',
            // The password is not kept for the second step.
            actions: [
              assign({ password: '' }),
              {
                type: 'askForSecondFactor',
                params: ({ event }) =>
                  (event.output as Extract<LoginResponse, { outcome: 'secondFactorRequired' }>).methods,
              },
            ],
          },
          {
            target: 'success',
            actions: {
              type: 'completeSignIn',
              params: ({ event }) => (event.output as Extract<LoginResponse, { outcome: 'signedIn' }>).user,
            },
          },
        ],
        onError: {
          target: '#signIn.form.failure',
          actions: assign({
            failure: ({ event }) => signInFailureOf(event),
            // The password is asked again after a refusal; the e-mail stays.
            password: '',
          }),
        },
      },
    },
    /** A sign-in with a passkey: the browser's dialog (unless chosen from the e-mail field), then the portal's check. */
    passkey: {
      tags: ['busy'],
      entry: assign({ failure: null, passkeyFailure: null }),
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            id: 'askForPasskey',
            src: 'askForPasskey',
            onDone: [
              { guard: 'isPasskeyAnswered', target: 'verifying', actions: 'keepPasskeyAnswer' },
              // The dialog was closed: back to the form, quietly.
              { target: '#signIn.form.editing' },
            ],
            onError: { target: '#signIn.form.passkeyFailed', actions: 'showPasskeyFailure' },
          },
        },
        verifying: {
          invoke: {
            id: 'signInWithPasskey',
            src: 'signInWithPasskey',
            input: ({ context }) => ({ response: passkeyResponseOf(context) }),
            onDone: {
              target: '#signIn.success',
              actions: [
                assign({ passkeyResponse: null }),
                { type: 'completeSignIn', params: ({ event }) => event.output.user },
              ],
            },
            onError: { target: '#signIn.form.passkeyFailed', actions: 'showPasskeyFailure' },
          },
        },
      },
    },
    success: { type: 'final' },
    /** The sign-in waits for its second step, on a page of its own. */
    secondFactorRequired: { type: 'final', tags: ['busy'] },
  },
});

import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { LoginRequest, type LoginResponse, type SessionClaims } from '../../contract/auth';

/** Why a sign-in was refused; views map each to a translated message. */
export type SignInFailure = 'invalidCredentials' | 'rateLimited' | 'unavailable';

/** Field errors carry the contract's message keys; views translate them. */
export type SignInFieldErrors = Partial<Record<'email' | 'password', string>>;

export type SignInContext = {
  email: string;
  password: string;
  fieldErrors: SignInFieldErrors;
  failure: SignInFailure | null;
};

export type SignInEvent =
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.submit' };

export type SignInInput = { email?: string };

/** The rejection the signIn actor throws so the machine can tell failures apart. */
export class SignInError extends Error {
  constructor(readonly failure: SignInFailure) {
    super(failure);
    this.name = 'SignInError';
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

// Editing a field is possible wherever the form is not being sent.
const editing = {
  'user.changeEmail': { target: '#signIn.editing', actions: 'changeEmail' },
  'user.changePassword': { target: '#signIn.editing', actions: 'changePassword' },
} as const;

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    /** POST /api/auth/login: signed in, or the second step is asked for. */
    signIn: fromPromise<LoginResponse, { email: string; password: string }>(async () => {
      throw new Error('signIn is provided by the app');
    }),
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
    /** Tell the session who signed in and leave for the redirect target. */
    completeSignIn: (_, _user: SessionClaims) => {},
    /** The password was right and the account asks for a second step: the app goes to `/auth/second-step`. */
    askForSecondFactor: () => {},
  },
  guards: {
    isSecondFactorRequired: ({ event }) =>
      'output' in event && (event.output as LoginResponse).outcome === 'secondFactorRequired',
    isFormValid: ({ context }) => Object.keys(fieldErrorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    email: input.email ?? '',
    password: '',
    fieldErrors: {},
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'submitting' }, { target: 'invalid' }],
      },
    },
    invalid: {
      tags: ['error'],
      entry: 'showFieldErrors',
      on: {
        ...editing,
        'user.submit': { guard: 'isFormValid', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ failure: null, fieldErrors: {} }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          {
            guard: 'isSecondFactorRequired',
            target: 'secondFactorRequired',
            // The password is not kept for the second step.
            actions: [assign({ password: '' }), 'askForSecondFactor'],
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
          target: 'failure',
          actions: assign({
            failure: ({ event }) => (event.error instanceof SignInError ? event.error.failure : 'unavailable'),
            // The password is asked again after a refusal; the e-mail stays.
            password: '',
          }),
        },
      },
    },
    failure: {
      tags: ['error'],
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'submitting' }, { target: 'invalid' }],
      },
    },
    success: { type: 'final' },
    /** The sign-in waits for its second step, on a page of its own. */
    secondFactorRequired: { type: 'final', tags: ['busy'] },
  },
});

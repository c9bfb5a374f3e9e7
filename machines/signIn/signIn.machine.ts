import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { LoginRequest, type SessionClaims } from '../../contract/auth';

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
  }
}

function fieldErrorsOf(context: Pick<SignInContext, 'email' | 'password'>): SignInFieldErrors {
  const result = v.safeParse(LoginRequest, { email: context.email, password: context.password });
  if (result.success) return {};
  const nested = v.flatten<typeof LoginRequest>(result.issues).nested ?? {};
  return {
    ...(nested.email ? { email: nested.email[0] } : {}),
    ...(nested.password ? { password: nested.password[0] } : {}),
  };
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    signIn: fromPromise<SessionClaims, { email: string; password: string }>(async () => {
      throw new Error('signIn is provided by the app');
    }),
  },
  actions: {
    /** Tell the session who signed in and leave for the redirect target. */
    completeSignIn: (_, _user: SessionClaims) => {},
  },
  guards: {
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
  on: {
    'user.changeEmail': {
      target: '.editing',
      actions: assign({ email: ({ event }) => event.value, fieldErrors: ({ context }) => ({ ...context.fieldErrors, email: undefined }) }),
    },
    'user.changePassword': {
      target: '.editing',
      actions: assign({ password: ({ event }) => event.value, fieldErrors: ({ context }) => ({ ...context.fieldErrors, password: undefined }) }),
    },
  },
  states: {
    editing: {
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting' },
          { target: 'invalid' },
        ],
      },
    },
    invalid: {
      tags: ['error'],
      entry: assign({ fieldErrors: ({ context }) => fieldErrorsOf(context) }),
      on: {
        'user.submit': [{ guard: 'isFormValid', target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ failure: null, fieldErrors: {} }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: {
          target: 'success',
          actions: { type: 'completeSignIn', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failure',
          actions: assign({
            failure: ({ event }) => (event.error instanceof SignInError ? event.error.failure : 'unavailable'),
            password: '',
          }),
        },
      },
    },
    failure: {
      tags: ['error'],
      on: {
        'user.submit': [{ guard: 'isFormValid', target: 'submitting' }, { target: 'invalid' }],
      },
    },
    success: { type: 'final' },
  },
});

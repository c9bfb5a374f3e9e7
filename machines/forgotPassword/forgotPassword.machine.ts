import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { ForgotPasswordRequest } from '../../contract/password';
import { providedByApp } from '../support/provided-by-app';

/**
 * Why a reset link could not be asked for (network, server, rate limit); views map it to the
 * spec's "try later or contact support" message.
 */
export type ForgotPasswordFailure = 'unavailable';

/** Field errors carry the contract's message keys; views translate them. */
export type ForgotPasswordFieldErrors = Partial<Record<'email', string>>;

export type ForgotPasswordContext = {
  email: string;
  fieldErrors: ForgotPasswordFieldErrors;
  failure: ForgotPasswordFailure | null;
};

export type ForgotPasswordEvent = { type: 'user.changeEmail'; value: string } | { type: 'user.submit' };

export type ForgotPasswordInput = { email?: string };

/** The contract's validation of the form, as message keys per field. */
export function fieldErrorsOf(form: Pick<ForgotPasswordContext, 'email'>): ForgotPasswordFieldErrors {
  const result = v.safeParse(ForgotPasswordRequest, { email: form.email });
  if (result.success) return {};
  const email = v.flatten<typeof ForgotPasswordRequest>(result.issues).nested?.email?.[0];
  return email ? { email } : {};
}

const editing = {
  'user.changeEmail': { target: '#forgotPassword.editing', actions: 'changeEmail' },
} as const;

/**
 * Asking for a password reset link. The answer is the same neutral confirmation whether or not the
 * address is on record (docs/spec.md §4), so the machine has one way to succeed.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
  },
  actors: {
    requestPasswordReset: providedByApp<void, { email: string }>('requestPasswordReset'),
  },
  actions: {
    changeEmail: assign(({ event }) => {
      assertEvent(event, 'user.changeEmail');
      return { email: event.value, fieldErrors: {} };
    }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => fieldErrorsOf(context) }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(fieldErrorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ email: input.email ?? '', fieldErrors: {}, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'sending' }, { target: 'invalid' }],
      },
    },
    invalid: {
      tags: ['error'],
      entry: 'showFieldErrors',
      on: {
        ...editing,
        'user.submit': { guard: 'isFormValid', target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ failure: null, fieldErrors: {} }),
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        // Whatever went wrong (network, server, too many requests), the advice is the same.
        onError: { target: 'failure', actions: assign({ failure: 'unavailable' as const }) },
      },
    },
    failure: {
      tags: ['error'],
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'sending' }, { target: 'invalid' }],
      },
    },
    sent: { type: 'final' },
  },
});

import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { AccountCreationMessage } from '../../contract/account-creation';
import { ErrorCode } from '../../contract/errors';
import { ChangePasswordRequest } from '../../contract/password';
import { providedByApp } from '../support/provided-by-app';
import { refusalOfEvent } from '../support/refusal';

/** Why a change was refused; views map each to a translated message. */
export type ChangePasswordFailure = 'currentPasswordIncorrect' | 'rateLimited' | 'passwordTooCommon' | 'unavailable';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';

/** Field errors carry the contract's message keys; views translate them. */
export type ChangePasswordFieldErrors = Partial<Record<Field, string>>;

export type ChangePasswordContext = Record<Field, string> & {
  fieldErrors: ChangePasswordFieldErrors;
  failure: ChangePasswordFailure | null;
};

export type ChangePasswordEvent =
  | { type: 'user.changeCurrentPassword'; value: string }
  | { type: 'user.changeNewPassword'; value: string }
  | { type: 'user.changeRepeatPassword'; value: string }
  | { type: 'user.submit' };

/** The failures the form words itself, by the server's code; anything else is `unavailable`. */
const failures: Partial<Record<string, ChangePasswordFailure>> = {
  [ErrorCode.currentPasswordIncorrect]: 'currentPasswordIncorrect',
  [ErrorCode.rateLimited]: 'rateLimited',
  [ErrorCode.passwordTooCommon]: 'passwordTooCommon',
};

/** The contract's validation of the form, then the spec's "must match", as message keys per field. */
export function fieldErrorsOf(form: Pick<ChangePasswordContext, Field>): ChangePasswordFieldErrors {
  const errors: ChangePasswordFieldErrors = {};
  const result = v.safeParse(ChangePasswordRequest, {
    currentPassword: form.currentPassword,
    newPassword: form.newPassword,
  });
  if (!result.success) {
    const nested = v.flatten<typeof ChangePasswordRequest>(result.issues).nested ?? {};
    if (nested.currentPassword?.[0]) errors.currentPassword = nested.currentPassword[0];
    if (nested.newPassword?.[0]) errors.newPassword = nested.newPassword[0];
  }
  if (form.repeatPassword !== form.newPassword) errors.repeatPassword = AccountCreationMessage.passwordsDiffer;
  return errors;
}

const empty = { currentPassword: '', newPassword: '', repeatPassword: '', fieldErrors: {} };

const editing = {
  'user.changeCurrentPassword': { target: '#changePassword.editing', actions: 'changeCurrentPassword' },
  'user.changeNewPassword': { target: '#changePassword.editing', actions: 'changeNewPassword' },
  'user.changeRepeatPassword': { target: '#changePassword.editing', actions: 'changeRepeatPassword' },
} as const;

/** A signed-in person changes their password: the current one, then the new one twice. */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    changePassword: providedByApp<void, { currentPassword: string; newPassword: string }>('changePassword'),
  },
  actions: {
    changeCurrentPassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changeCurrentPassword');
      return { currentPassword: event.value, fieldErrors: { ...context.fieldErrors, currentPassword: undefined } };
    }),
    changeNewPassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changeNewPassword');
      return { newPassword: event.value, fieldErrors: { ...context.fieldErrors, newPassword: undefined } };
    }),
    changeRepeatPassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changeRepeatPassword');
      return { repeatPassword: event.value, fieldErrors: { ...context.fieldErrors, repeatPassword: undefined } };
    }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => fieldErrorsOf(context) }),
    /** The "Password Changed" toast. */
    notifyPasswordChanged: () => {},
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(fieldErrorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'changePassword',
  context: { ...empty, failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'changing' }, { target: 'invalid' }],
      },
    },
    invalid: {
      tags: ['error'],
      entry: 'showFieldErrors',
      on: {
        ...editing,
        'user.submit': { guard: 'isFormValid', target: 'changing' },
      },
    },
    changing: {
      tags: ['busy'],
      entry: assign({ failure: null, fieldErrors: {} }),
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ currentPassword: context.currentPassword, newPassword: context.newPassword }),
        onDone: { target: 'changed', actions: [assign(empty), 'notifyPasswordChanged'] },
        onError: {
          target: 'failure',
          actions: assign({
            failure: ({ event }) => failures[refusalOfEvent(event).code ?? ''] ?? 'unavailable',
            // A refused current password is asked again; the new one stays.
            currentPassword: '',
          }),
        },
      },
    },
    failure: {
      tags: ['error'],
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'changing' }, { target: 'invalid' }],
      },
    },
    /** Done, with an empty form: another change starts from scratch. */
    changed: {
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'changing' }, { target: 'invalid' }],
      },
    },
  },
});

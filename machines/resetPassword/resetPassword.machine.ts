import { assertEvent, assign, setup } from 'xstate';
import { newPasswordErrorsOf } from '../../contract/account-creation';
import { ErrorCode } from '../../contract/errors';
import type { ProviderId } from '../../contract/federated-sign-in';
import type { ResetPasswordRequest, ResetTokenStatus } from '../../contract/password';
import { providedByApp } from '../support/provided-by-app';
import { refusalOf } from '../support/refusal';

/** Why a reset was refused; views map each to a translated message. */
export type ResetPasswordFailure = 'invalidLink' | 'passwordTooCommon' | 'unavailable';

/** Field errors carry the contract's message keys; views translate them. */
type ResetPasswordFieldErrors = Partial<Record<'password' | 'repeatPassword', string>>;

export type ResetPasswordContext = {
  token: string;
  password: string;
  repeatPassword: string;
  fieldErrors: ResetPasswordFieldErrors;
  failure: ResetPasswordFailure | null;
  /** The providers whose sign-ins are linked to the link's account (security issue 21). */
  linkedProviders: ProviderId[];
  /** Whether the reset also removes those sign-ins: somebody else might have linked one. */
  unlinkSignIns: boolean;
};

export type ResetPasswordEvent =
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.changeRepeatPassword'; value: string }
  | { type: 'user.toggleUnlinkSignIns' }
  | { type: 'user.submit' }
  | { type: 'user.retry' };

export type ResetPasswordInput = { token: string };

/** A refused reset as the page words it: a used, expired or unknown link, a common password, or else `unavailable`. */
function failureOf(error: unknown): ResetPasswordFailure {
  const { code } = refusalOf(error);
  if (code === ErrorCode.invalidResetToken) return 'invalidLink';
  return code === ErrorCode.passwordTooCommon ? 'passwordTooCommon' : 'unavailable';
}

export function fieldErrorsOf(form: Pick<ResetPasswordContext, 'password' | 'repeatPassword'>) {
  return newPasswordErrorsOf(form.password, form.repeatPassword);
}

const editing = {
  'user.changePassword': { target: '#resetPassword.editing', actions: 'changePassword' },
  'user.changeRepeatPassword': { target: '#resetPassword.editing', actions: 'changeRepeatPassword' },
  // Ticking the box fixes no field and answers no failure: the state stays what it is.
  'user.toggleUnlinkSignIns': { guard: 'hasLinkedSignIns', actions: 'toggleUnlinkSignIns' },
} as const;

/**
 * Setting a new password from an e-mailed link: the link is checked first, so a dead link says so
 * before anyone types a password.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    checkResetToken: providedByApp<ResetTokenStatus, { token: string }>('checkResetToken'),
    resetPassword: providedByApp<void, ResetPasswordRequest>('resetPassword'),
  },
  actions: {
    changePassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changePassword');
      return { password: event.value, fieldErrors: { ...context.fieldErrors, password: undefined } };
    }),
    changeRepeatPassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changeRepeatPassword');
      return { repeatPassword: event.value, fieldErrors: { ...context.fieldErrors, repeatPassword: undefined } };
    }),
    keepLinkedProviders: assign({ linkedProviders: (_, status: ResetTokenStatus) => status.linkedProviders }),
    toggleUnlinkSignIns: assign({ unlinkSignIns: ({ context }) => !context.unlinkSignIns }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => fieldErrorsOf(context) }),
    /** Say "Password Changed" (and that the linked sign-ins are gone, when they were removed), then leave for sign-in. */
    completeReset: () => {},
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(fieldErrorsOf(context)).length === 0,
    isTokenValid: (_, status: ResetTokenStatus) => status.valid,
    hasLinkedSignIns: ({ context }) => context.linkedProviders.length > 0,
    isLinkRefused: (_, error: unknown) => failureOf(error) === 'invalidLink',
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token,
    password: '',
    repeatPassword: '',
    fieldErrors: {},
    failure: null,
    linkedProviders: [],
    unlinkSignIns: false,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      tags: ['busy'],
      invoke: {
        id: 'checkResetToken',
        src: 'checkResetToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'isTokenValid', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'keepLinkedProviders', params: ({ event }) => event.output },
          },
          { target: 'invalidLink' },
        ],
        onError: 'checkFailed',
      },
    },
    /** The link could not be checked (network, server): asking again may help. */
    checkFailed: {
      tags: ['error'],
      on: { 'user.retry': 'checkingLink' },
    },
    /** Unknown, used or expired: only a new link helps. */
    invalidLink: {
      type: 'final',
      tags: ['error'],
      entry: assign({ failure: 'invalidLink' as const, password: '', repeatPassword: '' }),
    },
    editing: {
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'resetting' }, { target: 'invalid' }],
      },
    },
    invalid: {
      tags: ['error'],
      entry: 'showFieldErrors',
      on: {
        ...editing,
        'user.submit': { guard: 'isFormValid', target: 'resetting' },
      },
    },
    resetting: {
      tags: ['busy'],
      entry: assign({ failure: null, fieldErrors: {} }),
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        // The choice is sent only where it was offered.
        input: ({ context }) => ({
          token: context.token,
          password: context.password,
          ...(context.linkedProviders.length > 0 ? { unlinkSignIns: context.unlinkSignIns } : {}),
        }),
        onDone: { target: 'done', actions: 'completeReset' },
        onError: [
          {
            guard: { type: 'isLinkRefused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'invalidLink',
          },
          {
            target: 'failure',
            actions: assign({
              failure: ({ event }) => failureOf(event.error),
            }),
          },
        ],
      },
    },
    /** "Unable to reset password.": the form stays filled in, so trying again is one click. */
    failure: {
      tags: ['error'],
      on: {
        ...editing,
        'user.submit': [{ guard: 'isFormValid', target: 'resetting' }, { target: 'invalid' }],
      },
    },
    done: { type: 'final' },
  },
});

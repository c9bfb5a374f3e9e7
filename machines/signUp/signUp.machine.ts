import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import {
  AccountCreationMessage,
  newPasswordErrorsOf,
  resendCooldownSeconds,
  VerificationCode,
  verificationCodeLifetimeSeconds,
} from '../../contract/account-creation';
import { Email } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { clockProvidedByApp, providedByApp } from '../support/provided-by-app';
import { refusalOfEvent } from '../support/refusal';

/** Why a request of the sign-up flow was refused; views map each to a translated message. */
export type SignUpFailure =
  | 'emailTaken'
  | 'botCheckFailed'
  | 'invalidCode'
  | 'codeExpired'
  | 'resendFailed'
  | 'rateLimited'
  | 'passwordTooCommon'
  | 'unavailable';

/** Field errors carry the contract's message keys (or `botCheck`); views translate them. */
type SignUpField = 'email' | 'repeatEmail' | 'botCheck' | 'code' | 'password' | 'repeatPassword';
export type SignUpFieldErrors = Partial<Record<SignUpField, string>>;

/** The message key of a bot check that was not done. */
export const botCheckMissing = 'botCheckMissing';

export type SignUpContext = {
  /** Opened from the link in the mail: the code step, with a code of unknown age. */
  openedFromMail: boolean;
  email: string;
  repeatEmail: string;
  /** Whether a new pending account and a new code each need a bot-check answer. */
  botCheckRequired: boolean;
  /** The answer of the check on screen, for the next create or resend; '' when there is none. */
  botToken: string;
  /** Bumped when a token was spent, so the screen shows a fresh challenge. */
  botCheckRound: number;
  code: string;
  /** Seconds the current code has left, counted down by the clock; null when unknown (mail link). */
  codeSecondsLeft: number | null;
  canResend: boolean;
  codeResent: boolean;
  password: string;
  repeatPassword: string;
  fieldErrors: SignUpFieldErrors;
  failure: SignUpFailure | null;
};

export type SignUpEvent =
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.changeRepeatEmail'; value: string }
  | { type: 'botCheck.solved'; token: string }
  | { type: 'botCheck.expired' }
  | { type: 'user.submitDetails' }
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.submitCode' }
  | { type: 'user.resendCode' }
  | { type: 'user.startOver' }
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.changeRepeatPassword'; value: string }
  | { type: 'user.submitPassword' }
  | { type: 'clock.tick' };

/** Where the flow starts: /create, or /verify-email from the link in the mail. */
export type SignUpInput = { botCheckRequired: boolean; email?: string; step?: 'create' | 'verify' };

/** What each call's refusals mean for the form, by the server's code (a call's invoke id is its name). */
const failuresByCall: Record<string, Partial<Record<string, SignUpFailure>>> = {
  createPendingAccount: { [ErrorCode.emailTaken]: 'emailTaken', [ErrorCode.botCheckFailed]: 'botCheckFailed' },
  resendCode: { [ErrorCode.botCheckFailed]: 'botCheckFailed' },
  validateCode: {
    [ErrorCode.invalidCode]: 'invalidCode',
    [ErrorCode.codeExpired]: 'codeExpired',
    [ErrorCode.validation]: 'invalidCode',
  },
  finalizeAccount: {
    [ErrorCode.invalidCode]: 'invalidCode',
    [ErrorCode.codeExpired]: 'codeExpired',
    [ErrorCode.emailTaken]: 'emailTaken',
    [ErrorCode.passwordTooCommon]: 'passwordTooCommon',
  },
};

/** A call's failure (its `xstate.error.actor.<call>` event) as the form words it; anything else is `unavailable`. */
function failureOf(event: { type: string }): SignUpFailure {
  const { code } = refusalOfEvent(event);
  if (code === ErrorCode.rateLimited) return 'rateLimited';
  const call = event.type.replace('xstate.error.actor.', '');
  return (code !== null && failuresByCall[call]?.[code]) || 'unavailable';
}

function firstIssue(schema: v.GenericSchema, value: string): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0]?.message;
}

function compact(errors: SignUpFieldErrors): SignUpFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** The e-mail step's checks, as message keys per field. */
export function detailsErrorsOf(
  context: Pick<SignUpContext, 'email' | 'repeatEmail' | 'botCheckRequired' | 'botToken'>,
): SignUpFieldErrors {
  const sameAddress = context.email.trim().toLowerCase() === context.repeatEmail.trim().toLowerCase();
  return compact({
    email: firstIssue(Email, context.email),
    repeatEmail: sameAddress ? undefined : AccountCreationMessage.emailsDiffer,
    botCheck: hasBotCheckAnswer(context) ? undefined : botCheckMissing,
  });
}

/** Whether the check has been answered, when one is needed (a new pending account or code). */
function hasBotCheckAnswer(context: Pick<SignUpContext, 'botCheckRequired' | 'botToken'>): boolean {
  return !context.botCheckRequired || context.botToken !== '';
}

export function codeErrorsOf(context: Pick<SignUpContext, 'code'>): SignUpFieldErrors {
  return compact({ code: firstIssue(VerificationCode, context.code) });
}

export function passwordErrorsOf(context: Pick<SignUpContext, 'password' | 'repeatPassword'>): SignUpFieldErrors {
  return newPasswordErrorsOf(context.password, context.repeatPassword);
}

const isEmpty = (errors: SignUpFieldErrors) => Object.keys(errors).length === 0;

/** Invoked while a code is sent or checked: the same shape for the resend from either place. */
const resendCode = (onErrorTarget: string) =>
  ({
    id: 'resendCode',
    src: 'resendCode',
    input: ({ context }: { context: SignUpContext }) => ({
      email: context.email.trim().toLowerCase(),
      botToken: context.botToken,
    }),
    // Re-entered, so the code's timers start again. The token is spent either way.
    onDone: {
      target: '#signUp.verifying.awaitingCode',
      reenter: true,
      actions: ['codeIssued', 'noteCodeResent', 'renewBotCheck'],
    },
    onError: {
      target: onErrorTarget,
      actions: [
        {
          type: 'noteResendFailed',
          params: ({ event }: { event: { type: string } }) => failureOf(event),
        },
        'renewBotCheck',
      ],
    },
  }) as const;

/**
 * Signing up again (from the code step) sends a new code and voids the old one. The e-mail step
 * shows a check of its own, so an answer given on the code step is dropped with the step.
 */
const startOver = { target: '#signUp.enteringDetails', actions: ['forgetCode', 'renewBotCheck'] } as const;

/**
 * Sign-up (docs/spec.md §4): e-mail twice and the bot check, a pending account and an e-mailed code,
 * the code checked, then a password. The code lives `codeLifetime`; a new one can be asked for
 * after `resendCooldown`, with the bot check answered again, or by starting over. The `clock` ticks
 * each second for the countdown.
 */
export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
  },
  actors: {
    createPendingAccount: providedByApp<void, { email: string; botToken: string }>('createPendingAccount'),
    resendCode: providedByApp<void, { email: string; botToken: string }>('resendCode'),
    validateCode: providedByApp<void, { email: string; code: string }>('validateCode'),
    finalizeAccount: providedByApp<void, { email: string; code: string; password: string }>('finalizeAccount'),
    /** Sends `clock.tick` every second while a code is awaited. */
    clock: clockProvidedByApp(),
  },
  actions: {
    changeEmail: assign(({ context, event }) => {
      assertEvent(event, 'user.changeEmail');
      return { email: event.value, fieldErrors: { ...context.fieldErrors, email: undefined } };
    }),
    changeRepeatEmail: assign(({ context, event }) => {
      assertEvent(event, 'user.changeRepeatEmail');
      return { repeatEmail: event.value, fieldErrors: { ...context.fieldErrors, repeatEmail: undefined } };
    }),
    acceptBotToken: assign(({ context, event }) => {
      assertEvent(event, 'botCheck.solved');
      return { botToken: event.token, fieldErrors: { ...context.fieldErrors, botCheck: undefined } };
    }),
    forgetBotToken: assign({ botToken: '' }),
    /** A bot-check token is good for one request: the next one needs a fresh challenge. */
    renewBotCheck: assign({ botToken: '', botCheckRound: ({ context }) => context.botCheckRound + 1 }),
    /** A new code was asked for before the check was answered (any failure shown still stands). */
    showBotCheckMissing: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, botCheck: botCheckMissing },
    })),
    showDetailsErrors: assign({ fieldErrors: ({ context }) => detailsErrorsOf(context), failure: null }),
    changeCode: assign(({ context, event }) => {
      assertEvent(event, 'user.changeCode');
      return { code: event.value, fieldErrors: { ...context.fieldErrors, code: undefined } };
    }),
    showCodeErrors: assign({ fieldErrors: ({ context }) => codeErrorsOf(context), failure: null }),
    changePassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changePassword');
      return { password: event.value, fieldErrors: { ...context.fieldErrors, password: undefined } };
    }),
    changeRepeatPassword: assign(({ context, event }) => {
      assertEvent(event, 'user.changeRepeatPassword');
      return { repeatPassword: event.value, fieldErrors: { ...context.fieldErrors, repeatPassword: undefined } };
    }),
    showPasswordErrors: assign({ fieldErrors: ({ context }) => passwordErrorsOf(context), failure: null }),
    codeIssued: assign({
      code: '',
      codeSecondsLeft: verificationCodeLifetimeSeconds,
      canResend: false,
      codeResent: false,
      failure: null,
      fieldErrors: {},
    }),
    noteCodeResent: assign({ codeResent: true }),
    forgetCode: assign({ code: '', codeSecondsLeft: null, failure: null, fieldErrors: {}, codeResent: false }),
    noteResendFailed: assign((_, failure: SignUpFailure) => ({
      failure: failure === 'rateLimited' || failure === 'botCheckFailed' ? failure : ('resendFailed' as const),
    })),
    /** The "Account Created" toast. */
    announceAccountCreated: () => {},
  },
  guards: {
    areDetailsValid: ({ context }) => isEmpty(detailsErrorsOf(context)),
    isCodeWellFormed: ({ context }) => isEmpty(codeErrorsOf(context)),
    isPasswordValid: ({ context }) => isEmpty(passwordErrorsOf(context)),
    canResend: ({ context }) => context.canResend,
    hasBotCheckAnswer: ({ context }) => hasBotCheckAnswer(context),
    /** The cooldown is over and the check answered: a new code can be sent. */
    canResendNow: ({ context }) => context.canResend && hasBotCheckAnswer(context),
    isOpenedFromMail: ({ context }) => context.openedFromMail,
    /** The code is dead (expired, used up by wrong tries, replaced): only a new one helps. */
    isCodeDead: (_, failure: SignUpFailure) => failure === 'codeExpired',
    /** At the last step, a code the server no longer takes, whichever way. */
    isCodeUnusable: (_, failure: SignUpFailure) => failure === 'codeExpired' || failure === 'invalidCode',
    isEmailTaken: (_, failure: SignUpFailure) => failure === 'emailTaken',
  },
  delays: {
    codeLifetime: verificationCodeLifetimeSeconds * 1000,
    resendCooldown: resendCooldownSeconds * 1000,
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    openedFromMail: input.step === 'verify' && Boolean(input.email),
    email: input.email ?? '',
    repeatEmail: input.email ?? '',
    botCheckRequired: input.botCheckRequired,
    botToken: '',
    botCheckRound: 0,
    code: '',
    codeSecondsLeft: null,
    // A code from a mail may be minutes old: a new one can be asked for at once.
    canResend: input.step === 'verify',
    codeResent: false,
    password: '',
    repeatPassword: '',
    fieldErrors: {},
    failure: null,
  }),
  initial: 'starting',
  states: {
    // A link from the mail opens the code step; anything else starts with the e-mail.
    starting: {
      always: [{ guard: 'isOpenedFromMail', target: 'verifying.awaitingCode' }, { target: 'enteringDetails' }],
    },
    enteringDetails: {
      on: {
        'user.changeEmail': { actions: 'changeEmail' },
        'user.changeRepeatEmail': { actions: 'changeRepeatEmail' },
        'botCheck.solved': { actions: 'acceptBotToken' },
        'botCheck.expired': { actions: 'forgetBotToken' },
        'user.submitDetails': [
          { guard: 'areDetailsValid', target: 'creatingAccount' },
          { actions: 'showDetailsErrors' },
        ],
      },
    },
    creatingAccount: {
      tags: ['busy'],
      entry: assign({ failure: null, fieldErrors: {} }),
      invoke: {
        id: 'createPendingAccount',
        src: 'createPendingAccount',
        input: ({ context }) => ({ email: context.email.trim().toLowerCase(), botToken: context.botToken }),
        // A bot-check token is good for one request: a resend or the next try needs a new one.
        onDone: { target: 'verifying.awaitingCode', actions: ['codeIssued', 'renewBotCheck'] },
        onError: {
          target: 'enteringDetails',
          actions: [assign({ failure: ({ event }) => failureOf(event) }), 'renewBotCheck'],
        },
      },
    },
    // A new code needs the check answered too (issue 21): its widget sits beside "Send a new code".
    verifying: {
      initial: 'awaitingCode',
      on: {
        'botCheck.solved': { actions: 'acceptBotToken' },
        'botCheck.expired': { actions: 'forgetBotToken' },
      },
      states: {
        awaitingCode: {
          invoke: { id: 'clock', src: 'clock' },
          after: {
            codeLifetime: {
              target: 'needsNewCode',
              actions: assign({ failure: 'codeExpired', codeSecondsLeft: 0, codeResent: false }),
            },
            resendCooldown: { actions: assign({ canResend: true }) },
          },
          on: {
            'clock.tick': {
              actions: assign({
                codeSecondsLeft: ({ context }) =>
                  context.codeSecondsLeft === null ? null : Math.max(0, context.codeSecondsLeft - 1),
              }),
            },
          },
          initial: 'enteringCode',
          states: {
            enteringCode: {
              on: {
                'user.changeCode': { actions: 'changeCode' },
                'user.submitCode': [
                  { guard: 'isCodeWellFormed', target: 'checkingCode' },
                  { actions: 'showCodeErrors' },
                ],
                'user.resendCode': [
                  { guard: 'canResendNow', target: 'resendingCode' },
                  { guard: 'canResend', actions: 'showBotCheckMissing' },
                ],
                'user.startOver': startOver,
              },
            },
            checkingCode: {
              tags: ['busy'],
              entry: assign({ failure: null, fieldErrors: {}, codeResent: false }),
              invoke: {
                id: 'validateCode',
                src: 'validateCode',
                input: ({ context }) => ({ email: context.email.trim().toLowerCase(), code: context.code.trim() }),
                onDone: { target: '#signUp.choosingPassword' },
                onError: [
                  {
                    guard: { type: 'isCodeDead', params: ({ event }) => failureOf(event) },
                    target: '#signUp.verifying.needsNewCode',
                    actions: assign({ failure: 'codeExpired', code: '' }),
                  },
                  { target: 'enteringCode', actions: assign({ failure: ({ event }) => failureOf(event) }) },
                ],
              },
            },
            resendingCode: {
              tags: ['busy'],
              entry: assign({ failure: null, codeResent: false }),
              invoke: resendCode('#signUp.verifying.awaitingCode.enteringCode'),
            },
          },
        },
        // The code expired, or was used up: only a new one helps.
        needsNewCode: {
          tags: ['error'],
          on: {
            'user.resendCode': [
              { guard: 'hasBotCheckAnswer', target: 'resendingAfterExpiry' },
              { actions: 'showBotCheckMissing' },
            ],
            'user.startOver': startOver,
          },
        },
        resendingAfterExpiry: {
          tags: ['busy'],
          invoke: resendCode('needsNewCode'),
        },
      },
    },
    choosingPassword: {
      on: {
        'user.changePassword': { actions: 'changePassword' },
        'user.changeRepeatPassword': { actions: 'changeRepeatPassword' },
        'user.submitPassword': [{ guard: 'isPasswordValid', target: 'finalizing' }, { actions: 'showPasswordErrors' }],
      },
    },
    finalizing: {
      tags: ['busy'],
      entry: assign({ failure: null, fieldErrors: {} }),
      invoke: {
        id: 'finalizeAccount',
        src: 'finalizeAccount',
        input: ({ context }) => ({
          email: context.email.trim().toLowerCase(),
          code: context.code.trim(),
          password: context.password,
        }),
        onDone: { target: 'verified', actions: 'announceAccountCreated' },
        onError: [
          {
            guard: { type: 'isCodeUnusable', params: ({ event }) => failureOf(event) },
            target: 'verifying.needsNewCode',
            actions: assign({ failure: ({ event }) => failureOf(event), code: '' }),
          },
          {
            guard: { type: 'isEmailTaken', params: ({ event }) => failureOf(event) },
            target: 'enteringDetails',
            actions: assign({ failure: 'emailTaken' }),
          },
          { target: 'choosingPassword', actions: assign({ failure: ({ event }) => failureOf(event) }) },
        ],
      },
    },
    verified: { type: 'final' },
  },
});

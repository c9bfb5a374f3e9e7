import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import { PhoneCode, PhoneMessage, phoneCodeLifetimeSeconds, phoneResendCooldownSeconds } from '../../contract/phone';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type PhoneVerificationInput = {
  /** The region the country chooser starts with: the browser's, else the app's default. */
  region: string;
  /** On /phone-number-verification: the E.164 number a code was just sent to. */
  phone?: string;
};

/** What the person typed, in the region chosen; the app parses it into E.164 (or refuses it). */
export type RequestCodeInput = { number: string; region: string };
export type CodeSent = { phone: string; expiresAt: string };
export type VerifyCodeInput = { phone: string; code: string };

export type PhoneVerificationContext = {
  region: string;
  /** As typed (national or international). */
  number: string;
  /** The number in E.164 once a code was sent to it. */
  phone: string | null;
  code: string;
  /** Contract message texts for the fields; views translate them. */
  numberError: string | null;
  codeError: string | null;
  /** Why the last call did not do what was asked, shown beside the form; null while none failed. */
  failure: Refusal | null;
  canResend: boolean;
  codeResent: boolean;
  /** The session's claims after the number was added (the `phone` claim is set). */
  verifiedUser: SessionClaims | null;
};

export type PhoneVerificationEvent =
  | { type: 'user.changeRegion'; region: string }
  | { type: 'user.changeNumber'; value: string }
  | { type: 'user.requestCode' }
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.submitCode' }
  | { type: 'user.resendCode' }
  | { type: 'user.retrySave' }
  | { type: 'user.chooseAnotherNumber' };

/** The message of a call's refusal (the app's own parse of the number says what the server would). */
const messageOf = (event: object) => refusalOfEvent(event).message;

/** The contract's check of a code, as its message text, or null. */
function phoneCodeErrorOf(code: string): string | null {
  const result = v.safeParse(PhoneCode, code);
  return result.success ? null : result.issues[0].message;
}

/**
 * Back to the number (the number step's address, by "Use another number" or the browser's Back): the
 * number stays as typed, to correct or replace; the code and its number are let go.
 */
const anotherNumber = {
  'user.chooseAnotherNumber': { target: '#phoneVerification.enteringNumber', actions: 'forgetCode' },
} as const;

const numberEntry = {
  'user.changeRegion': { target: '#phoneVerification.enteringNumber', actions: 'changeRegion' },
  'user.changeNumber': { target: '#phoneVerification.enteringNumber', actions: 'changeNumber' },
  'user.requestCode': [
    { guard: 'isNumberGiven', target: '#phoneVerification.requestingCode' },
    { target: '#phoneVerification.enteringNumber', actions: 'requireNumber' },
  ],
} as const;

/**
 * A signed-in person adds a phone number (issue 11): they enter it with its country, a code is
 * texted to it, they enter the code, and the number is added to their account and session. The
 * code works for `codeLifetime`; a new one can be asked for after `resendCooldown`.
 * On /phone-number-input the flow starts with the number; on /phone-number-verification, with the
 * code for the number in the address. One actor serves both addresses: a code sent moves the app to
 * the code's address, and the number step's address brings the flow back to the number.
 */
export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as PhoneVerificationInput,
  },
  actors: {
    requestCode: providedByApp<CodeSent, RequestCodeInput>('requestCode'),
    verifyCode: providedByApp<void, VerifyCodeInput>('verifyCode'),
    addPhone: providedByApp<SessionClaims, { phone: string }>('addPhone'),
  },
  actions: {
    changeRegion: assign(({ event }) => {
      assertEvent(event, 'user.changeRegion');
      return { region: event.region, numberError: null };
    }),
    changeNumber: assign(({ event }) => {
      assertEvent(event, 'user.changeNumber');
      return { number: event.value, numberError: null };
    }),
    requireNumber: assign({ numberError: PhoneMessage.numberRequired }),
    forgetCode: assign({
      phone: null,
      code: '',
      codeError: null,
      failure: null,
      canResend: false,
      codeResent: false,
    }),
    /** The app moves to /phone-number-verification for the number. */
    codeSent: () => {},
    /** The app refreshes the session and moves to the success page. */
    phoneVerified: () => {},
  },
  guards: {
    hasPhone: ({ context }) => context.phone !== null,
    isNumberGiven: ({ context }) => context.number.trim() !== '',
    isNumberInvalid: ({ event }) => messageOf(event) === PhoneMessage.numberInvalid,
    isCodeWellFormed: ({ context }) => phoneCodeErrorOf(context.code) === null,
    isCodeWrong: ({ event }) => messageOf(event) === PhoneMessage.codeInvalid,
    /** Expired, used up by wrong tries or replaced: only a new code helps. */
    isCodeDead: ({ event }) => messageOf(event) === PhoneMessage.codeExpired,
    canResend: ({ context }) => context.canResend,
  },
  delays: {
    codeLifetime: phoneCodeLifetimeSeconds * 1000,
    resendCooldown: phoneResendCooldownSeconds * 1000,
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({
    region: input.region,
    number: input.phone ?? '',
    phone: input.phone ?? null,
    code: '',
    numberError: null,
    codeError: null,
    failure: null,
    canResend: false,
    codeResent: false,
    verifiedUser: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasPhone', target: 'codeEntry' }, { target: 'enteringNumber' }],
    },
    enteringNumber: { on: numberEntry },
    /** The server (or the SMS provider) refused; the number stays to correct or try again. */
    numberRefused: { tags: ['error'], on: numberEntry },
    requestingCode: {
      tags: ['busy'],
      entry: assign({ failure: null, numberError: null }),
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ number: context.number.trim(), region: context.region }),
        onDone: {
          target: 'codeEntry',
          actions: [assign({ phone: ({ event }) => event.output.phone }), 'codeSent'],
        },
        onError: [
          {
            guard: 'isNumberInvalid',
            target: 'enteringNumber',
            actions: assign({ numberError: PhoneMessage.numberInvalid }),
          },
          { target: 'numberRefused', actions: assign({ failure: ({ event }) => refusalOfEvent(event) }) },
        ],
      },
    },
    codeEntry: {
      // Entered afresh for every code sent: its lifetime and the resend cooldown start again. A
      // resend waits inside it, so a failed one leaves the code's time running as it was.
      entry: assign({ code: '', codeError: null, canResend: false }),
      on: anotherNumber,
      after: {
        codeLifetime: { target: '#phoneVerification.codeExpired', actions: assign({ failure: null }) },
        resendCooldown: { actions: assign({ canResend: true }) },
      },
      initial: 'enteringCode',
      states: {
        enteringCode: {
          on: {
            'user.changeCode': {
              target: 'enteringCode',
              actions: assign(({ event }) => {
                assertEvent(event, 'user.changeCode');
                return { code: event.value, codeError: null, failure: null, codeResent: false };
              }),
            },
            'user.submitCode': [
              { guard: 'isCodeWellFormed', target: 'verifying' },
              {
                target: 'enteringCode',
                actions: assign({ codeError: ({ context }) => phoneCodeErrorOf(context.code) }),
              },
            ],
            'user.resendCode': { guard: 'canResend', target: 'resending' },
          },
        },
        verifying: {
          tags: ['busy'],
          entry: assign({ failure: null, codeResent: false }),
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ phone: context.phone ?? '', code: context.code.trim() }),
            onDone: { target: '#phoneVerification.saving' },
            onError: [
              { guard: 'isCodeDead', target: '#phoneVerification.codeExpired' },
              {
                guard: 'isCodeWrong',
                target: 'enteringCode',
                actions: assign({ codeError: PhoneMessage.codeInvalid }),
              },
              { target: 'enteringCode', actions: assign({ failure: ({ event }) => refusalOfEvent(event) }) },
            ],
          },
        },
        /** A new code is on its way; the one sent before still works until its time is up. */
        resending: {
          tags: ['busy'],
          entry: assign({ failure: null, codeResent: false }),
          invoke: {
            id: 'resendCode',
            src: 'requestCode',
            input: ({ context }) => ({ number: context.phone ?? '', region: context.region }),
            onDone: {
              target: '#phoneVerification.codeEntry',
              reenter: true,
              actions: assign({ codeResent: true }),
            },
            onError: { target: 'enteringCode', actions: assign({ failure: ({ event }) => refusalOfEvent(event) }) },
          },
        },
      },
    },
    /** A new code for one that no longer works: a failure leaves the person where they were. */
    resendingCode: {
      tags: ['busy'],
      entry: assign({ failure: null, codeResent: false }),
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ number: context.phone ?? '', region: context.region }),
        onDone: { target: 'codeEntry', actions: assign({ codeResent: true }) },
        onError: { target: 'codeExpired', actions: assign({ failure: ({ event }) => refusalOfEvent(event) }) },
      },
      on: anotherNumber,
    },
    /** The code expired, was replaced or used up by wrong tries: a new one is the way on. */
    codeExpired: {
      tags: ['error'],
      on: { 'user.resendCode': { target: 'resendingCode' }, ...anotherNumber },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'addPhone',
        src: 'addPhone',
        input: ({ context }) => ({ phone: context.phone ?? '' }),
        onDone: {
          target: 'verified',
          actions: [assign({ verifiedUser: ({ event }) => event.output }), 'phoneVerified'],
        },
        onError: { target: 'saveRefused', actions: assign({ failure: ({ event }) => refusalOfEvent(event) }) },
      },
    },
    /** The code was right but the number could not be added (taken meanwhile, network): try again. */
    saveRefused: {
      tags: ['error'],
      on: { 'user.retrySave': { target: 'saving' }, ...anotherNumber },
    },
    verified: {},
  },
});

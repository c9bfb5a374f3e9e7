import { assertEvent, assign, setup } from 'xstate';
import type { SecondFactorMethod } from '../../contract/auth';
import type { AuthenticatorSetup, SecondFactorAnswer } from '../../contract/second-factor';
import {
  answerErrorOf,
  type SecondFactorFailure,
  secondFactorFailureOf,
  wrongCodeMessageOf,
} from '../secondFactorChallenge/secondFactorChallenge.machine';
import { providedByApp } from '../support/provided-by-app';
import { refusalOfEvent } from '../support/refusal';

/**
 * Why a change of the two-step sign-in did not happen; views map each to a translated message.
 * `conflict`: the app was already on (setting up) or not on (turning off, new codes), as changed
 * elsewhere meanwhile; `expired`: the setup took too long and starts over.
 */
export type EnrolmentFailure = Exclude<SecondFactorFailure, 'invalidCode'>;

/** What the last change did, said once it is done. */
type EnrolmentNotice = 'turnedOn' | 'turnedOff' | 'codesReplaced';

export type AuthenticatorAppEnrolmentContext = {
  /** The new key while the app is being set up. */
  setup: AuthenticatorSetup | null;
  /** The code typed: the app's first code (setup), or the proof of a change. */
  code: string;
  /** How a change is proved: a code from the app, or a recovery code. */
  method: SecondFactorMethod;
  /** What is wrong with the typed code: a SecondFactorMessage key, translated by the view. */
  codeError: string | null;
  /** How many codes were refused as wrong: the view puts the focus back in the emptied field. */
  wrongCodes: number;
  failure: EnrolmentFailure | null;
  retryAfterSeconds: number | null;
  /** A new set of recovery codes, shown this once. */
  recoveryCodes: string[] | null;
  copy: 'none' | 'copied' | 'failed';
  notice: EnrolmentNotice | null;
};

export type AuthenticatorAppEnrolmentEvent =
  | { type: 'user.setUp' }
  | { type: 'user.turnOff' }
  | { type: 'user.newRecoveryCodes' }
  | { type: 'user.cancel' }
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.useRecoveryCode' }
  | { type: 'user.useAuthenticatorApp' }
  | { type: 'user.copy' }
  | { type: 'user.download' }
  | { type: 'user.done' }
  | { type: 'clipboard.copied' }
  | { type: 'clipboard.failed' };

const machineId = '#authenticatorAppEnrolment';

/** The proof a change sends: well formed, since `sending` is entered only past `isCodeWellFormed`. */
const proofOf = (context: AuthenticatorAppEnrolmentContext) =>
  ({ proof: { method: context.method, code: context.code } }) as { proof: SecondFactorAnswer };

/** A refused code empties the field; any other failure keeps it and says why. */
const codeRefused = {
  guard: 'isWrongCode',
  target: 'proving',
  actions: 'showWrongCode',
} as const;

/** A change is proved with a code from the app, or a recovery code (switchable), before it is made. */
function provingThen(sending: string) {
  return {
    on: {
      'user.changeCode': { actions: 'changeCode' },
      'user.submit': [{ guard: 'isCodeWellFormed', target: sending }, { actions: 'showCodeError' }],
      'user.useRecoveryCode': { actions: { type: 'switchMethod', params: { method: 'recoveryCode' } } },
      'user.useAuthenticatorApp': { actions: { type: 'switchMethod', params: { method: 'authenticatorApp' } } },
      'user.cancel': `${machineId}.idle`,
    },
  } as const;
}

/**
 * "Two-step sign-in" on the account page (issue 22): the person sets up an authenticator app (a new
 * key as a QR code and as text, confirmed by the app's first code), gets ten recovery codes shown
 * once, and later turns the app off or replaces the recovery codes, each proved by a code first.
 * The status itself is server data the app reads; every change ends in `statusChanged`.
 */
export const authenticatorAppEnrolmentMachine = setup({
  types: {
    context: {} as AuthenticatorAppEnrolmentContext,
    events: {} as AuthenticatorAppEnrolmentEvent,
  },
  actors: {
    /** POST /api/account/authenticator-app: a new key. */
    startSetup: providedByApp<AuthenticatorSetup>('startSetup'),
    /** POST /api/account/authenticator-app/confirm: the app's first code turns it on. */
    confirmSetup: providedByApp<string[], { code: string }>('confirmSetup'),
    /** DELETE /api/account/authenticator-app */
    turnOff: providedByApp<void, { proof: SecondFactorAnswer }>('turnOff'),
    /** POST /api/account/recovery-codes */
    replaceRecoveryCodes: providedByApp<string[], { proof: SecondFactorAnswer }>('replaceRecoveryCodes'),
  },
  actions: {
    changeCode: assign(({ event }) => {
      assertEvent(event, 'user.changeCode');
      return { code: event.value, codeError: null };
    }),
    showCodeError: assign({ codeError: ({ context }) => answerErrorOf(context.method, context.code) }),
    showWrongCode: assign(({ context }) => ({
      code: '',
      codeError: wrongCodeMessageOf(context.method),
      wrongCodes: context.wrongCodes + 1,
    })),
    showFailure: assign(({ event }) => {
      const refused = secondFactorFailureOf(event);
      const failure: EnrolmentFailure = refused === 'invalidCode' ? 'unavailable' : refused;
      return { failure, retryAfterSeconds: refusalOfEvent(event).retryAfterSeconds };
    }),
    startChange: assign({
      failure: null,
      notice: null,
      method: 'authenticatorApp',
      code: '',
      codeError: null,
      wrongCodes: 0,
    }),
    switchMethod: assign((_, params: { method: SecondFactorMethod }) => ({
      method: params.method,
      code: '',
      codeError: null,
    })),
    forgetSetup: assign({ setup: null, code: '', codeError: null }),
    /** The app copies the codes, then sends `clipboard.copied` or `clipboard.failed`. */
    copyCodes: (_, _codes: string[]) => {},
    /** The app saves the codes as a text file. */
    downloadCodes: (_, _codes: string[]) => {},
    /** The app reads the account's two-step sign-in again. */
    statusChanged: () => {},
  },
  guards: {
    isCodeWellFormed: ({ context }) => answerErrorOf(context.method, context.code) === null,
    isWrongCode: ({ event }) => secondFactorFailureOf(event) === 'invalidCode',
    isSetupExpired: ({ event }) => secondFactorFailureOf(event) === 'expired',
    isConflict: ({ event }) => secondFactorFailureOf(event) === 'conflict',
  },
}).createMachine({
  id: 'authenticatorAppEnrolment',
  context: {
    setup: null,
    code: '',
    method: 'authenticatorApp',
    codeError: null,
    wrongCodes: 0,
    failure: null,
    retryAfterSeconds: null,
    recoveryCodes: null,
    copy: 'none',
    notice: null,
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.setUp': { target: 'startingSetup', actions: 'startChange' },
        'user.turnOff': { target: 'turningOff', actions: 'startChange' },
        'user.newRecoveryCodes': { target: 'replacingCodes', actions: 'startChange' },
      },
    },
    startingSetup: {
      tags: ['busy'],
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: {
          target: 'settingUp',
          actions: assign({ setup: ({ event }) => event.output }),
        },
        // Already on (turned on elsewhere): the status is read again.
        onError: { target: 'idle', actions: ['showFailure', 'statusChanged'] },
      },
    },
    /** The key as a QR code and as text, and the field for the app's first code. */
    settingUp: {
      initial: 'enteringCode',
      states: {
        enteringCode: {
          on: {
            'user.changeCode': { actions: 'changeCode' },
            'user.submit': [{ guard: 'isCodeWellFormed', target: 'confirming' }, { actions: 'showCodeError' }],
            'user.cancel': { target: `${machineId}.idle`, actions: 'forgetSetup' },
          },
        },
        confirming: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'confirmSetup',
            src: 'confirmSetup',
            input: ({ context }) => ({ code: context.code }),
            onDone: {
              target: `${machineId}.showingRecoveryCodes`,
              actions: [
                assign({
                  recoveryCodes: ({ event }) => event.output,
                  notice: 'turnedOn',
                  setup: null,
                  code: '',
                  copy: 'none',
                }),
                'statusChanged',
              ],
            },
            onError: [
              { guard: 'isWrongCode', target: 'enteringCode', actions: 'showWrongCode' },
              { guard: 'isSetupExpired', target: `${machineId}.setupExpired`, actions: ['forgetSetup', 'showFailure'] },
              { target: 'enteringCode', actions: 'showFailure' },
            ],
          },
        },
      },
    },
    /** The setup took too long: a new key is needed. */
    setupExpired: {
      tags: ['error'],
      on: {
        'user.setUp': { target: 'startingSetup', actions: 'startChange' },
        'user.cancel': { target: 'idle', actions: assign({ failure: null }) },
      },
    },
    turningOff: {
      initial: 'proving',
      states: {
        proving: provingThen('sending'),
        sending: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'turnOff',
            src: 'turnOff',
            input: ({ context }) => proofOf(context),
            onDone: {
              target: `${machineId}.idle`,
              actions: [assign({ notice: 'turnedOff', code: '' }), 'statusChanged'],
            },
            onError: [
              codeRefused,
              { guard: 'isConflict', target: `${machineId}.idle`, actions: ['showFailure', 'statusChanged'] },
              { target: 'proving', actions: 'showFailure' },
            ],
          },
        },
      },
    },
    replacingCodes: {
      initial: 'proving',
      states: {
        proving: provingThen('sending'),
        sending: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'replaceRecoveryCodes',
            src: 'replaceRecoveryCodes',
            input: ({ context }) => proofOf(context),
            onDone: {
              target: `${machineId}.showingRecoveryCodes`,
              actions: [
                assign({ recoveryCodes: ({ event }) => event.output, notice: 'codesReplaced', code: '', copy: 'none' }),
                'statusChanged',
              ],
            },
            onError: [
              codeRefused,
              { guard: 'isConflict', target: `${machineId}.idle`, actions: ['showFailure', 'statusChanged'] },
              { target: 'proving', actions: 'showFailure' },
            ],
          },
        },
      },
    },
    /** The new recovery codes, this once: copied, downloaded, or written down. */
    showingRecoveryCodes: {
      on: {
        'user.copy': {
          actions: [
            assign({ copy: 'none' }),
            { type: 'copyCodes', params: ({ context }) => context.recoveryCodes ?? [] },
          ],
        },
        'clipboard.copied': { actions: assign({ copy: 'copied' }) },
        'clipboard.failed': { actions: assign({ copy: 'failed' }) },
        'user.download': { actions: { type: 'downloadCodes', params: ({ context }) => context.recoveryCodes ?? [] } },
        'user.done': { target: 'idle', actions: assign({ recoveryCodes: null, copy: 'none' }) },
      },
    },
  },
});

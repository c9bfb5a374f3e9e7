import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { ActivationCode, type LinkDeviceRequest, type LinkedDevice } from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type DeviceActivationInput = {
  /** The signed-in person's id: the server links the device to this account only if it is theirs. */
  userid: string;
  /** The code from `/activate?activationCode=…`, filled in for the person to confirm. */
  initialCode?: string;
};

export type DeviceActivationContext = {
  userid: string;
  code: string;
  /** A contract message text; views translate it. */
  codeError: string | null;
  /** Why the last link did not happen; null while none failed. */
  failure: Refusal | null;
  linkedDevice: LinkedDevice | null;
};

export type DeviceActivationEvent =
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.link' }
  | { type: 'user.activateAnother' };

/** The contract's check of the code, as its message text, or null. */
function activationCodeErrorOf(code: string): string | null {
  const result = v.safeParse(ActivationCode, code);
  return result.success ? null : result.issues[0].message;
}

const entering = {
  'user.changeCode': { target: '#deviceActivation.enteringCode', actions: 'changeCode' },
  'user.link': [
    { guard: 'isCodeWellFormed', target: '#deviceActivation.linking' },
    { target: '#deviceActivation.enteringCode', actions: 'showCodeError' },
  ],
} as const;

/**
 * A person links a device to their account with the six-digit code the device shows (docs/spec.md
 * §3 and §6): the code is checked as the contract says before the call, and the server's
 * refusals (wrong, expired or used code, the device limit) are shown beside the form.
 */
export const deviceActivationMachine = setup({
  types: {
    context: {} as DeviceActivationContext,
    events: {} as DeviceActivationEvent,
    input: {} as DeviceActivationInput,
  },
  actors: {
    linkDevice: providedByApp<LinkedDevice, LinkDeviceRequest>('linkDevice'),
  },
  actions: {
    changeCode: assign(({ event }) => {
      assertEvent(event, 'user.changeCode');
      return { code: event.value, codeError: null };
    }),
    showCodeError: assign({ codeError: ({ context }) => activationCodeErrorOf(context.code) }),
    showFailure: assign({ failure: ({ event }) => refusalOfEvent(event) }),
    /** The app refreshes the devices and the account: the new device counts against the limit. */
    deviceLinked: () => {},
  },
  guards: {
    isCodeWellFormed: ({ context }) => activationCodeErrorOf(context.code) === null,
    isLimitReached: ({ event }) => refusalOfEvent(event).code === ErrorCode.deviceLimitReached,
  },
}).createMachine({
  id: 'deviceActivation',
  context: ({ input }) => ({
    userid: input.userid,
    code: input.initialCode ?? '',
    codeError: null,
    failure: null,
    linkedDevice: null,
  }),
  initial: 'enteringCode',
  states: {
    enteringCode: { on: entering },
    linking: {
      tags: ['busy'],
      entry: assign({ failure: null, codeError: null }),
      invoke: {
        id: 'linkDevice',
        src: 'linkDevice',
        input: ({ context }) => ({ userid: context.userid, activationCode: context.code.trim() }),
        onDone: {
          target: 'linked',
          actions: [assign({ linkedDevice: ({ event }) => event.output }), 'deviceLinked'],
        },
        onError: [
          { guard: 'isLimitReached', target: 'limitReached', actions: 'showFailure' },
          { target: 'refused', actions: 'showFailure' },
        ],
      },
    },
    /** The server's answer beside the form, which keeps the code to correct. */
    refused: { tags: ['error'], on: entering },
    /** Every slot is taken: the person removes a device first (the devices section), then tries again. */
    limitReached: { tags: ['error'], on: entering },
    linked: {
      on: {
        'user.activateAnother': {
          target: 'enteringCode',
          actions: assign({ code: '', codeError: null, linkedDevice: null }),
        },
      },
    },
  },
});

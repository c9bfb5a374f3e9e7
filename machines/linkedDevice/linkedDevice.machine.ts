import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import {
  type AssociateDeviceRequest,
  type LinkedDevice,
  Nickname,
  type RenameDeviceRequest,
} from '../../contract/devices';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type LinkedDeviceInput = { device: LinkedDevice };

export type LinkedDeviceContext = {
  device: LinkedDevice;
  nicknameDraft: string;
  /** A contract message text; views translate it. */
  nicknameError: string | null;
  /** The chosen subscription's referenceId; '' for none. */
  subscriptionDraft: string;
  /** Why the last change did not happen; null while none failed. */
  failure: Refusal | null;
};

export type LinkedDeviceEvent =
  | { type: 'user.rename' }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.saveName' }
  | { type: 'user.editSubscription' }
  | { type: 'user.chooseSubscription'; referenceId: string }
  | { type: 'user.saveSubscription' }
  | { type: 'user.remove' }
  | { type: 'user.confirmRemove' }
  | { type: 'user.signOut' }
  | { type: 'user.cancel' }
  /** The list was read again: the device as the server now has it. */
  | { type: 'device.refreshed'; device: LinkedDevice };

/** The contract's check of a nickname, as its message text, or null. */
export function nicknameErrorOf(nickname: string): string | null {
  const result = v.safeParse(Nickname, nickname);
  return result.success ? null : result.issues[0].message;
}

const cancel = { 'user.cancel': { target: '#linkedDevice.idle' } } as const;

/**
 * One linked device on the devices list (docs/spec.md §3 and §7): renamed inline, counted against a
 * subscription's seats or none, signed out, or removed after a confirm. Every change the server
 * accepts ends in `deviceChanged`, so the list and the account are read again.
 */
export const linkedDeviceMachine = setup({
  types: {
    context: {} as LinkedDeviceContext,
    events: {} as LinkedDeviceEvent,
    input: {} as LinkedDeviceInput,
  },
  actors: {
    renameDevice: providedByApp<LinkedDevice, RenameDeviceRequest>('renameDevice'),
    associateDevice: providedByApp<LinkedDevice, AssociateDeviceRequest>('associateDevice'),
    dissociateDevice: providedByApp<LinkedDevice, { deviceUUID: string }>('dissociateDevice'),
    removeDevice: providedByApp<void, { deviceUUID: string }>('removeDevice'),
    signOutDevice: providedByApp<void, { deviceUUID: string }>('signOutDevice'),
  },
  actions: {
    startRenaming: assign(({ context }) => ({
      nicknameDraft: context.device.nickname,
      nicknameError: null,
      failure: null,
    })),
    changeName: assign(({ event }) => {
      assertEvent(event, 'user.changeName');
      return { nicknameDraft: event.value, nicknameError: null };
    }),
    showNameError: assign({ nicknameError: ({ context }) => nicknameErrorOf(context.nicknameDraft) }),
    startChoosing: assign(({ context }) => ({
      subscriptionDraft: context.device.subscription?.referenceId ?? '',
      failure: null,
    })),
    chooseSubscription: assign(({ event }) => {
      assertEvent(event, 'user.chooseSubscription');
      return { subscriptionDraft: event.referenceId };
    }),
    clearFailure: assign({ failure: null }),
    showFailure: assign({ failure: ({ event }) => refusalOfEvent(event) }),
    markSignedOut: assign({ device: ({ context }) => ({ ...context.device, signedIn: false }) }),
    /** The app reads the devices and the account again. */
    deviceChanged: () => {},
  },
  guards: {
    isSignedIn: ({ context }) => context.device.signedIn,
    isNameInvalid: ({ context }) => nicknameErrorOf(context.nicknameDraft) !== null,
    isNameUnchanged: ({ context }) => context.nicknameDraft.trim() === context.device.nickname,
    isSubscriptionUnchanged: ({ context }) =>
      context.subscriptionDraft === (context.device.subscription?.referenceId ?? ''),
    isNoSubscriptionChosen: ({ context }) => context.subscriptionDraft === '',
  },
}).createMachine({
  id: 'linkedDevice',
  context: ({ input }) => ({
    device: input.device,
    nicknameDraft: input.device.nickname,
    nicknameError: null,
    subscriptionDraft: input.device.subscription?.referenceId ?? '',
    failure: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.rename': { target: 'renaming', actions: 'startRenaming' },
        'user.editSubscription': { target: 'choosingSubscription', actions: 'startChoosing' },
        'user.remove': { target: 'confirmingRemoval', actions: 'clearFailure' },
        'user.signOut': { guard: 'isSignedIn', target: 'signingOut' },
        'device.refreshed': {
          actions: assign(({ event }) => ({ device: event.device })),
        },
      },
    },
    renaming: {
      on: {
        'user.changeName': { target: 'renaming', actions: 'changeName' },
        'user.saveName': [
          { guard: 'isNameInvalid', target: 'renaming', actions: 'showNameError' },
          { guard: 'isNameUnchanged', target: 'idle' },
          { target: 'savingName' },
        ],
        ...cancel,
      },
    },
    savingName: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'renameDevice',
        src: 'renameDevice',
        input: ({ context }) => ({ deviceUUID: context.device.deviceUUID, nickname: context.nicknameDraft.trim() }),
        onDone: { target: 'idle', actions: [assign({ device: ({ event }) => event.output }), 'deviceChanged'] },
        onError: { target: 'renaming', actions: 'showFailure' },
      },
    },
    choosingSubscription: {
      on: {
        'user.chooseSubscription': { target: 'choosingSubscription', actions: 'chooseSubscription' },
        'user.saveSubscription': [
          { guard: 'isSubscriptionUnchanged', target: 'idle' },
          { guard: 'isNoSubscriptionChosen', target: 'dissociating' },
          { target: 'associating' },
        ],
        ...cancel,
      },
    },
    associating: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'associateDevice',
        src: 'associateDevice',
        input: ({ context }) => ({ deviceUUID: context.device.deviceUUID, referenceId: context.subscriptionDraft }),
        onDone: { target: 'idle', actions: [assign({ device: ({ event }) => event.output }), 'deviceChanged'] },
        onError: { target: 'choosingSubscription', actions: 'showFailure' },
      },
    },
    dissociating: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'dissociateDevice',
        src: 'dissociateDevice',
        input: ({ context }) => ({ deviceUUID: context.device.deviceUUID }),
        onDone: { target: 'idle', actions: [assign({ device: ({ event }) => event.output }), 'deviceChanged'] },
        onError: { target: 'choosingSubscription', actions: 'showFailure' },
      },
    },
    confirmingRemoval: {
      on: { 'user.confirmRemove': 'removing', ...cancel },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeDevice',
        src: 'removeDevice',
        input: ({ context }) => ({ deviceUUID: context.device.deviceUUID }),
        onDone: { target: 'removed', actions: 'deviceChanged' },
        onError: { target: 'idle', actions: 'showFailure' },
      },
    },
    /** Its session ends; it stays linked and counted, and connects again only when someone signs in on it. */
    signingOut: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'signOutDevice',
        src: 'signOutDevice',
        input: ({ context }) => ({ deviceUUID: context.device.deviceUUID }),
        onDone: { target: 'idle', actions: ['markSignedOut', 'deviceChanged'] },
        onError: { target: 'idle', actions: 'showFailure' },
      },
    },
    removed: { type: 'final' },
  },
});

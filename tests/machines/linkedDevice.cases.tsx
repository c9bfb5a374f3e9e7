import { DeviceMessage, type LinkedDevice } from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import {
  type LinkedDeviceContext,
  type linkedDeviceMachine,
  nicknameErrorOf,
} from '../../machines/linkedDevice/linkedDevice.machine';
import { LinkedDeviceView } from '../../src/features/devices/linked-device.view';
import { actorDone, actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const teamsSubscription = { referenceId: 'sub-teams-yearly', productName: 'Bonding Teams' };

export const kitchenTablet: LinkedDevice = {
  deviceUUID: '6f1c2c55-8a0e-4c1b-9d8e-2f3a4b5c6d7e',
  nickname: 'Kitchen tablet',
  platform: 'android',
  role: 'client',
  lastSeen: '2026-11-25T08:00:00.000Z',
  linkedAt: '2026-11-20T08:00:00.000Z',
  signedIn: true,
  subscription: null,
};

/** The machine's input: the kitchen tablet, signed in, without a subscription. */
export const linkedDeviceInput = { device: kitchenTablet };
/** The subscriptions the page offers the device. */
const subscriptionOptions = [{ referenceId: teamsSubscription.referenceId, label: 'Bonding Teams yearly (Studio)' }];

const refusedEvent = (actorId: string, message: string) =>
  actorRefused(actorId, refused(ErrorCode.deviceRefused, message));

/** Sample events for generating the linked device machine's paths. */
const linkedDeviceCases = {
  // A new name, an empty one, and the name it has, each only when it is not already typed.
  'user.changeName': ({ context }: { context: LinkedDeviceContext }) =>
    ['Living room TV', '', context.device.nickname]
      .filter((value, index, values) => value !== context.nicknameDraft && values.indexOf(value) === index)
      .map((value) => ({ type: 'user.changeName' as const, value })),
  'user.chooseSubscription': ({ context }: { context: LinkedDeviceContext }) =>
    ['', teamsSubscription.referenceId]
      .filter((referenceId) => referenceId !== context.subscriptionDraft)
      .map((referenceId) => ({ type: 'user.chooseSubscription' as const, referenceId })),
  // The button is there only while the device is signed in.
  'user.signOut': ({ context }: { context: LinkedDeviceContext }) =>
    context.device.signedIn ? [{ type: 'user.signOut' as const }] : [],
  'device.refreshed': ({ context }: { context: LinkedDeviceContext }) => [
    { type: 'device.refreshed' as const, device: { ...context.device, lastSeen: '2026-11-25T09:30:00.000Z' } },
  ],
  'xstate.done.actor.renameDevice': ({ context }: { context: LinkedDeviceContext }) => [
    actorDone('renameDevice', { ...context.device, nickname: context.nicknameDraft.trim() }),
  ],
  'xstate.error.actor.renameDevice': [
    refusedEvent('renameDevice', DeviceMessage.deviceNotFound),
    actorFailed('renameDevice'),
  ],
  'xstate.done.actor.associateDevice': ({ context }: { context: LinkedDeviceContext }) => [
    actorDone('associateDevice', { ...context.device, subscription: teamsSubscription }),
  ],
  'xstate.error.actor.associateDevice': [
    refusedEvent('associateDevice', DeviceMessage.subscriptionSeatsFull),
    actorFailed('associateDevice'),
  ],
  'xstate.done.actor.dissociateDevice': ({ context }: { context: LinkedDeviceContext }) => [
    actorDone('dissociateDevice', { ...context.device, subscription: null }),
  ],
  'xstate.error.actor.dissociateDevice': [actorFailed('dissociateDevice')],
  'xstate.done.actor.removeDevice': [actorDone('removeDevice')],
  'xstate.error.actor.removeDevice': [
    refusedEvent('removeDevice', DeviceMessage.deviceNotFound),
    actorFailed('removeDevice'),
  ],
  'xstate.done.actor.signOutDevice': [actorDone('signOutDevice')],
  'xstate.error.actor.signOutDevice': [actorFailed('signOutDevice')],
} as const;

/** What the linked device machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const linkedDeviceModel: FlowModel<typeof linkedDeviceMachine> = {
  input: linkedDeviceInput,
  cases: linkedDeviceCases,
  // What the person can tell apart, per state: on the list, whether the device is signed in, has a
  // subscription and shows a failure; while renaming, what kind of name is typed and whether its
  // error or a failure shows; while choosing, whether the choice differs; else the state alone.
  serializeState: (snapshot) => {
    const context: LinkedDeviceContext = snapshot.context;
    const draft = context.nicknameDraft.trim();
    const hasSubscription = context.device.subscription !== null;
    const failed = context.failure !== null;
    if (snapshot.matches('idle')) return JSON.stringify(['idle', context.device.signedIn, hasSubscription, failed]);
    if (snapshot.matches('renaming')) {
      const kind = draft === context.device.nickname ? 'same' : nicknameErrorOf(draft) ? 'invalid' : 'new';
      return JSON.stringify(['renaming', kind, context.nicknameError !== null, failed]);
    }
    if (snapshot.matches('choosingSubscription')) {
      const unchanged = context.subscriptionDraft === (context.device.subscription?.referenceId ?? '');
      return JSON.stringify(['choosingSubscription', hasSubscription, unchanged, failed]);
    }
    return JSON.stringify([snapshot.value]);
  },
  render: (snapshot, send) => (
    <LinkedDeviceView snapshot={snapshot} send={send} subscriptionOptions={subscriptionOptions} />
  ),
};

import { DeviceMessage, type LinkedDevice } from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import type {
  DeviceActivationContext,
  deviceActivationMachine,
} from '../../machines/deviceActivation/deviceActivation.machine';
import { DeviceActivationView } from '../../src/features/device-activation/device-activation.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const userid = '0b6f3a52-4c1d-4e8f-9a7b-1c2d3e4f5a6b';
export const input = { userid };

export const linkedTablet: LinkedDevice = {
  deviceUUID: '6f1c2c55-8a0e-4c1b-9d8e-2f3a4b5c6d7e',
  nickname: 'Kitchen tablet',
  platform: 'android',
  role: 'client',
  lastSeen: '2026-11-25T08:00:00.000Z',
  linkedAt: '2026-11-25T08:00:00.000Z',
  signedIn: true,
  subscription: null,
};

/** Sample events for generating the device activation machine's paths. */
const deviceActivationCases = {
  // A well-formed code and a malformed one, each only when it is not already typed.
  'user.changeCode': ({ context }: { context: DeviceActivationContext }) =>
    ['482913', '12ab']
      .filter((value) => value !== context.code)
      .map((value) => ({ type: 'user.changeCode' as const, value })),
  'xstate.done.actor.linkDevice': [
    { type: 'xstate.done.actor.linkDevice', output: linkedTablet, actorId: 'linkDevice' },
  ],
  'xstate.error.actor.linkDevice': [
    {
      type: 'xstate.error.actor.linkDevice',
      error: refused(ErrorCode.invalidCode, DeviceMessage.codeNotAccepted),
      actorId: 'linkDevice',
    },
    {
      type: 'xstate.error.actor.linkDevice',
      error: refused(ErrorCode.deviceLimitReached, DeviceMessage.deviceLimitReached),
      actorId: 'linkDevice',
    },
    { type: 'xstate.error.actor.linkDevice', error: new Error('network down'), actorId: 'linkDevice' },
  ],
} as const;

/** What the device activation's paths are generated from, and its view (the path tests and the flow explorer). */
export const deviceActivationModel: FlowModel<typeof deviceActivationMachine> = {
  input,
  cases: deviceActivationCases,
  // What the person can tell apart: the state, whether a code is typed and whether its error shows,
  // and whether a refusal came with the server's message.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.code !== '',
      snapshot.context.codeError !== null,
      snapshot.matches('refused') ? Boolean(snapshot.context.failure?.message) : null,
    ]),
  render: (snapshot, send) => <DeviceActivationView snapshot={snapshot} send={send} onNavigate={() => {}} />,
};

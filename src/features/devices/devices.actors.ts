import { fromPromise } from 'xstate';
import {
  associateLinkedDevice,
  dissociateLinkedDevice,
  removeLinkedDevice,
  renameLinkedDevice,
  signOutLinkedDevice,
} from '../../../contract/calls/devices';
import type { AssociateDeviceRequest, LinkedDevice, RenameDeviceRequest } from '../../../contract/devices';
import { callApi, explained } from '../../lib/api-client';

async function changed(call: () => Promise<{ device: LinkedDevice }>): Promise<LinkedDevice> {
  const { device } = await explained(call);
  return device;
}

/** The calls of one device on the devices list. */
export const linkedDeviceActors = {
  renameDevice: fromPromise<LinkedDevice, RenameDeviceRequest>(({ input }) =>
    changed(() => callApi(renameLinkedDevice, { body: input })),
  ),
  associateDevice: fromPromise<LinkedDevice, AssociateDeviceRequest>(({ input }) =>
    changed(() => callApi(associateLinkedDevice, { body: input })),
  ),
  dissociateDevice: fromPromise<LinkedDevice, { deviceUUID: string }>(({ input }) =>
    changed(() => callApi(dissociateLinkedDevice, { body: input })),
  ),
  removeDevice: fromPromise<void, { deviceUUID: string }>(async ({ input }) => {
    await explained(() => callApi(removeLinkedDevice, { body: input }));
  }),
  signOutDevice: fromPromise<void, { deviceUUID: string }>(async ({ input }) => {
    await explained(() => callApi(signOutLinkedDevice, { params: { deviceUUID: input.deviceUUID } }));
  }),
};

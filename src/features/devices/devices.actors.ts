import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import {
  type AssociateDeviceRequest,
  DeviceChangeResponse,
  type LinkedDevice,
  type RenameDeviceRequest,
} from '../../../contract/devices';
import { DeviceChangeRefused } from '../../../machines/linkedDevice/linkedDevice.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** Removing and signing out answer 204: there is no body to read. */
const NoContent = v.unknown();

async function changeDevice(path: string, body: unknown): Promise<LinkedDevice> {
  const { device } = await explained(
    () => apiRequest(path, { method: 'PATCH', body, schema: DeviceChangeResponse }),
    DeviceChangeRefused,
  );
  return device;
}

async function deleteDevice(path: string, body?: unknown): Promise<void> {
  await explained(() => apiRequest(path, { method: 'DELETE', body, schema: NoContent }), DeviceChangeRefused);
}

/** The calls of one device on the devices list. */
export const linkedDeviceActors = {
  renameDevice: fromPromise<LinkedDevice, RenameDeviceRequest>(({ input }) => changeDevice(api.renameDevice, input)),
  associateDevice: fromPromise<LinkedDevice, AssociateDeviceRequest>(({ input }) =>
    changeDevice(api.associateDevice, input),
  ),
  dissociateDevice: fromPromise<LinkedDevice, { deviceUUID: string }>(({ input }) =>
    changeDevice(api.dissociateDevice, input),
  ),
  removeDevice: fromPromise<void, { deviceUUID: string }>(({ input }) => deleteDevice(api.linkedDevices, input)),
  signOutDevice: fromPromise<void, { deviceUUID: string }>(({ input }) =>
    deleteDevice(api.activeDevice(input.deviceUUID)),
  ),
};

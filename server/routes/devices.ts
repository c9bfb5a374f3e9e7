import type * as devicesCalls from '../../contract/calls/devices';
import { pollTokenHeader } from '../../contract/devices';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { clientAddressOf } from '../http/middleware';
import { activationState, issueActivationCode, linkDevice } from '../services/devices/activation';
import {
  associateDevice,
  dissociateDevice,
  listLinkedDevices,
  removeDevice,
  renameDevice,
  signOutDevice,
} from '../services/devices/linked-devices';
import type { AppServices } from '../services/index';

/** Devices (issue 10): the device's side of activation (no session), and the person's linked devices. */
export function devicesHandlers(services: AppServices): Routes<typeof devicesCalls> {
  const { env } = services;
  return {
    requestActivationCode: async (c) => {
      const issued = await issueActivationCode(services, c.req.valid('json'), clientAddressOf(c, env));
      c.header('Cache-Control', 'no-store');
      return { status: 201, body: issued };
    },
    pollActivationStatus: async (c) => {
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: { state: await activationState(services, c.req.header(pollTokenHeader)) } };
    },
    linkDevice: async (c) => {
      const device = await linkDevice(services, callerOf(c), c.req.valid('json'), clientAddressOf(c, env));
      return { status: 200, body: { success: true, device } };
    },
    listLinkedDevices: async (c) => {
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: await listLinkedDevices(services, callerOf(c)) };
    },
    renameLinkedDevice: async (c) => {
      const { deviceUUID, nickname } = c.req.valid('json');
      return {
        status: 200,
        body: { success: true, device: await renameDevice(services, callerOf(c), deviceUUID, nickname) },
      };
    },
    removeLinkedDevice: async (c) => {
      await removeDevice(services, callerOf(c), c.req.valid('json').deviceUUID);
      return { status: 204 };
    },
    associateLinkedDevice: async (c) => {
      const { deviceUUID, referenceId } = c.req.valid('json');
      const device = await associateDevice(services, callerOf(c), deviceUUID, referenceId);
      return { status: 200, body: { success: true, device } };
    },
    dissociateLinkedDevice: async (c) => {
      const device = await dissociateDevice(services, callerOf(c), c.req.valid('json').deviceUUID);
      return { status: 200, body: { success: true, device } };
    },
    signOutLinkedDevice: async (c) => {
      await signOutDevice(services, callerOf(c), c.req.valid('param').deviceUUID);
      return { status: 204 };
    },
  };
}

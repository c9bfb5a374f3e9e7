import { fromPromise } from 'xstate';
import { linkDevice as linkDeviceCall } from '../../../contract/calls/devices';
import type { LinkDeviceRequest, LinkedDevice } from '../../../contract/devices';
import { callApi, explained } from '../../lib/api-client';

/** PATCH /api/account/linkDevice: the linked device, or the server's refusal with its message. */
export const linkDevice = fromPromise<LinkedDevice, LinkDeviceRequest>(async ({ input }) => {
  const { device } = await explained(() => callApi(linkDeviceCall, { body: input }));
  return device;
});

import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { type LinkDeviceRequest, LinkDeviceResponse, type LinkedDevice } from '../../../contract/devices';
import { ActivationRefused } from '../../../machines/deviceActivation/deviceActivation.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** PATCH /api/account/linkDevice: the linked device, or the server's refusal with its message. */
export const linkDevice = fromPromise<LinkedDevice, LinkDeviceRequest>(async ({ input }) => {
  const { device } = await explained(
    () => apiRequest(api.linkDevice, { method: 'PATCH', body: input, schema: LinkDeviceResponse }),
    ActivationRefused,
  );
  return device;
});

import { queryOptions } from '@tanstack/react-query';
import { listLinkedDevices } from '../../../contract/calls/devices';
import { callApi } from '../api-client';

// A module of its own, apart from the account user's, which the entry loads: sign-in should not
// carry the device schemas.

/**
 * The account's linked devices and its device limit (GET /api/account/linkedDevices): the devices
 * section and the reports' scopes read it; activation and every device change invalidate it, with
 * the account user.
 */
export const linkedDevicesQuery = queryOptions({
  queryKey: ['account', 'linkedDevices'] as const,
  queryFn: ({ signal }) => callApi(listLinkedDevices, { signal }),
  staleTime: 30_000,
});

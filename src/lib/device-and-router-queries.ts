import { queryOptions } from '@tanstack/react-query';
import { listLinkedDevices } from '../../contract/calls/devices';
import { listRouters } from '../../contract/calls/routers';
import { callApi } from './api-client';

// Apart from ./queries, which the entry loads: sign-in should not carry the device and router schemas.

/**
 * The account's linked devices and its device limit (GET /api/account/linkedDevices): the devices
 * section reads it; activation and every device change invalidate it, with the account user.
 */
export const linkedDevicesQuery = queryOptions({
  queryKey: ['account', 'linkedDevices'] as const,
  queryFn: ({ signal }) => callApi(listLinkedDevices, { signal }),
  staleTime: 30_000,
});

/** The person's routers and their teams' (GET /api/account/routers); coupon redemption and team router changes invalidate it. */
export const routersQuery = queryOptions({
  queryKey: ['account', 'routers'] as const,
  queryFn: ({ signal }) => callApi(listRouters, { signal }),
  staleTime: 30_000,
});

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { api } from '../../contract/api';
import { ActivationCodeResponse, type DevicePlatform, pollTokenHeader } from '../../contract/devices';
import { devices } from '../../server/db/schema';
import { insertNetSamples } from '../../server/services/stats/usage-store';
import type { Person } from './billing-fixtures';
import { clientAddresses, type TestPortal } from './support';

/** Fixtures of the device tests: the device's calls (as the VPN app makes them) and the person's. */

/** A device asks for a code, from no browser: no Origin header. */
export async function requestCode(
  portal: TestPortal,
  {
    platform = 'linux',
    deviceName,
    address,
  }: { platform?: DevicePlatform; deviceName?: string; address?: string } = {},
) {
  const response = await portal.request(api.deviceActivationCode, {
    json: { platform, ...(deviceName === undefined ? {} : { deviceName }) },
    origin: null,
    address,
  });
  if (response.status !== 201) throw new Error(`no code: ${response.status} ${response.text}`);
  return v.parse(ActivationCodeResponse, response.json);
}

export function poll(portal: TestPortal, pollToken: string) {
  return portal.request(api.deviceActivationStatus, { headers: { [pollTokenHeader]: pollToken } });
}

const linkAddresses = clientAddresses();

/** The person links a device by its code, from a client address of its own unless one is given. */
export function link(
  portal: TestPortal,
  who: Person,
  activationCode: string,
  { userid = who.id, address = linkAddresses() }: { userid?: string; address?: string } = {},
) {
  return portal.request(api.linkDevice, {
    method: 'PATCH',
    json: { userid, activationCode },
    cookie: who.cookie,
    address,
  });
}

export async function devicesOf(portal: TestPortal, userId: string) {
  return portal.db.select().from(devices).where(eq(devices.userId, userId)).orderBy(devices.linkedAt);
}

const deviceAddresses = clientAddresses();

/** A device linked to `who` through the whole protocol, from an address of its own; returns its uuid. */
export async function linkedDevice(portal: TestPortal, who: Person, deviceName?: string): Promise<string> {
  const issued = await requestCode(portal, { deviceName, address: deviceAddresses() });
  const response = await link(portal, who, issued.activationCode);
  if (response.status !== 200) throw new Error(`not linked: ${response.status} ${response.text}`);
  return issued.deviceUUID;
}

/**
 * A VPN server's report of `bytes` moved by a device of the person at `at` (a device inserted for
 * it), written as ingestion writes it: the sample and its rollups.
 */
export async function reportedUsage(portal: TestPortal, userId: string, bytes: number, at = portal.clock.current) {
  const [device] = await portal.db
    .insert(devices)
    .values({ userId, name: 'Reporting device' })
    .returning({ deviceUuid: devices.deviceUuid });
  if (!device) throw new Error('no device');
  const rxBytes = Math.floor(bytes / 2);
  await insertNetSamples(portal.db, null, [
    { at, device: device.deviceUuid, intervalSeconds: 60, rxBytes, txBytes: bytes - rxBytes },
  ]);
  return device.deviceUuid;
}

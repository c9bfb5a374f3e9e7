import { DeviceMessage, type LinkedDevice } from '../../../contract/devices';
import { ErrorCode } from '../../../contract/errors';
import type { Database } from '../../db/database';
import type { devices } from '../../db/schema';
import { Refusal } from '../refusal';

/** What the device services share: their dependencies, their refusals, and a device as the contract shows it. */

export type DeviceDeps = { db: Database; now: () => Date };

export const deviceFailures = {
  codeRefused: () => new Refusal(ErrorCode.invalidCode, DeviceMessage.codeNotAccepted),
  notYourAccount: () => new Refusal(ErrorCode.forbidden, DeviceMessage.notYourAccount),
  limitReached: () => new Refusal(ErrorCode.deviceLimitReached, DeviceMessage.deviceLimitReached),
  notFound: () => new Refusal(ErrorCode.notFound, DeviceMessage.deviceNotFound),
};

type DeviceRow = typeof devices.$inferSelect;
export type SubscriptionSummary = LinkedDevice['subscription'];

export function linkedDeviceOf(device: DeviceRow, subscription: SubscriptionSummary): LinkedDevice {
  return {
    deviceUUID: device.deviceUuid,
    nickname: device.name,
    platform: device.platform,
    role: device.role,
    lastSeen: device.lastSeenAt.toISOString(),
    linkedAt: device.linkedAt.toISOString(),
    signedIn: device.signedOutAt === null,
    subscription,
  };
}

import { and, eq, ne, sql } from 'drizzle-orm';
import { DeviceMessage, devicesPerSeat, type LinkedDevice } from '../../../contract/devices';
import { ErrorCode } from '../../../contract/errors';
import { devices, subscriptions, users } from '../../db/schema';
import { lockSubscription, type Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { Refusal } from '../refusal';
import { type DeviceDeps, deviceFailures, linkedDeviceOf, type SubscriptionSummary } from './device-common';

/**
 * A person's linked devices: listed, renamed, associated with a subscription, removed, signed out.
 * Every call finds the device among the caller's own, so another person's device is a 404.
 */

const deviceWithSubscription = {
  device: devices,
  referenceId: subscriptions.referenceId,
  productName: subscriptions.productName,
};

function summaryOf(row: { referenceId: string | null; productName: string | null }): SubscriptionSummary {
  return row.referenceId !== null && row.productName !== null
    ? { referenceId: row.referenceId, productName: row.productName }
    : null;
}

export async function listLinkedDevices({ db }: DeviceDeps, caller: Caller) {
  const rows = await db
    .select(deviceWithSubscription)
    .from(devices)
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscriptionId))
    .where(eq(devices.userId, caller.userId))
    .orderBy(devices.linkedAt, devices.name, devices.deviceUuid);
  const [account] = await db
    .select({ deviceLimit: users.availableDeviceLimit })
    .from(users)
    .where(eq(users.id, caller.userId));
  return {
    devices: rows.map((row) => linkedDeviceOf(row.device, summaryOf(row))),
    deviceLimit: account?.deviceLimit ?? 0,
  };
}

/** The caller's device, locked for this transaction; 404 when it is not theirs. */
async function lockOwnDevice(tx: Transaction, caller: Caller, deviceUuid: string): Promise<void> {
  const [device] = await tx
    .select()
    .from(devices)
    .where(and(eq(devices.deviceUuid, deviceUuid), eq(devices.userId, caller.userId)))
    .for('update');
  if (!device) throw deviceFailures.notFound();
}

async function readOwnDevice(tx: Transaction, caller: Caller, deviceUuid: string): Promise<LinkedDevice> {
  const [row] = await tx
    .select(deviceWithSubscription)
    .from(devices)
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscriptionId))
    .where(and(eq(devices.deviceUuid, deviceUuid), eq(devices.userId, caller.userId)));
  if (!row) throw deviceFailures.notFound();
  return linkedDeviceOf(row.device, summaryOf(row));
}

export async function renameDevice({ db }: DeviceDeps, caller: Caller, deviceUuid: string, nickname: string) {
  return db.transaction(async (tx) => {
    await lockOwnDevice(tx, caller, deviceUuid);
    await tx.update(devices).set({ name: nickname }).where(eq(devices.deviceUuid, deviceUuid));
    return readOwnDevice(tx, caller, deviceUuid);
  });
}

export async function removeDevice({ db }: DeviceDeps, caller: Caller, deviceUuid: string): Promise<void> {
  const removed = await db
    .delete(devices)
    .where(and(eq(devices.deviceUuid, deviceUuid), eq(devices.userId, caller.userId)))
    .returning({ deviceUuid: devices.deviceUuid });
  if (removed.length === 0) throw deviceFailures.notFound();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ends the device's sign-in: it leaves the active devices but stays linked (and counted). An id
 * that is no UUID names none of the caller's devices either.
 */
export async function signOutDevice({ db, now }: DeviceDeps, caller: Caller, deviceId: string): Promise<void> {
  if (!uuidPattern.test(deviceId)) throw deviceFailures.notFound();
  const deviceUuid = deviceId.toLowerCase();
  const signedOut = await db
    .update(devices)
    .set({ signedOutAt: sql`coalesce(${devices.signedOutAt}, ${now()})` })
    .where(and(eq(devices.deviceUuid, deviceUuid), eq(devices.userId, caller.userId)))
    .returning({ deviceUuid: devices.deviceUuid });
  if (signedOut.length === 0) throw deviceFailures.notFound();
}

const associationRefused = (kind: 'invalid' | 'conflict', message: string) =>
  new Refusal(ErrorCode.deviceRefused, message, { kind });

/**
 * Counts the device against the seats of a subscription the person owns or belongs to (through its
 * team): each seat takes up to `devicesPerSeat` devices, whoever linked them. The subscription's row
 * is locked (as every change of a subscription does), so the count holds under concurrency.
 */
export async function associateDevice(
  { db }: DeviceDeps,
  caller: Caller,
  deviceUuid: string,
  referenceId: string,
): Promise<LinkedDevice> {
  return db.transaction(async (tx) => {
    await lockOwnDevice(tx, caller, deviceUuid);
    const { subscription } = await lockSubscription(tx, caller, referenceId);
    if (subscription.state === 'expired') throw associationRefused('invalid', DeviceMessage.subscriptionInactive);
    const [taken] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(devices)
      .where(and(eq(devices.subscriptionId, subscription.id), ne(devices.deviceUuid, deviceUuid)));
    if ((taken?.count ?? 0) >= subscription.quantity * devicesPerSeat) {
      throw associationRefused('conflict', DeviceMessage.subscriptionSeatsFull);
    }
    await tx.update(devices).set({ subscriptionId: subscription.id }).where(eq(devices.deviceUuid, deviceUuid));
    return readOwnDevice(tx, caller, deviceUuid);
  });
}

export async function dissociateDevice({ db }: DeviceDeps, caller: Caller, deviceUuid: string) {
  return db.transaction(async (tx) => {
    await lockOwnDevice(tx, caller, deviceUuid);
    await tx
      .update(devices)
      .set({ subscriptionId: null })
      .where(and(eq(devices.deviceUuid, deviceUuid), eq(devices.userId, caller.userId)));
    return readOwnDevice(tx, caller, deviceUuid);
  });
}

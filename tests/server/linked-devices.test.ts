// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountUser } from '../../contract/account';
import { api } from '../../contract/api';
import { DeviceChangeResponse, DeviceMessage, devicesPerSeat, LinkedDevices } from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import { devices, subscriptions } from '../../server/db/schema';
import { insertCatalogue, insertSubscription, type Person } from './billing-fixtures';
import { devicesOf, linkedDevice } from './device-fixtures';
import { startTestPortal, type TestPortal } from './support';
import { castWithTeam, newPerson, type TeamCast } from './team-fixtures';

let portal: TestPortal;
let cast: TeamCast;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await castWithTeam(portal, 'devices', { quantity: 2 });
});
afterAll(() => portal.close());

function send(who: Person, method: string, path: string, json?: unknown) {
  return portal.request(path, { method, json, cookie: who.cookie });
}

const list = (who: Person) => send(who, 'GET', api.linkedDevices);
const rename = (who: Person, deviceUUID: string, nickname: string) =>
  send(who, 'PATCH', api.renameDevice, { deviceUUID, nickname });
const associate = (who: Person, deviceUUID: string, referenceId: string) =>
  send(who, 'PATCH', api.associateDevice, { deviceUUID, referenceId });
const dissociate = (who: Person, deviceUUID: string) => send(who, 'PATCH', api.dissociateDevice, { deviceUUID });
const remove = (who: Person, deviceUUID: string) => send(who, 'DELETE', api.linkedDevices, { deviceUUID });
const signOut = (who: Person, deviceUUID: string) => send(who, 'DELETE', api.activeDevice(deviceUUID));

async function deviceRow(deviceUuid: string) {
  const [row] = await portal.db.select().from(devices).where(eq(devices.deviceUuid, deviceUuid));
  return row ?? null;
}

describe('GET /api/account/linkedDevices', () => {
  it('lists only the caller’s devices, with platform, role, times, subscription and the limit', async () => {
    const person = await newPerson(portal, 'list.person@example.test');
    const uuid = await linkedDevice(portal, person, 'Desk');
    const response = await list(person);
    expect(response.status).toBe(200);
    const listed = v.parse(LinkedDevices, response.json);
    expect(listed.deviceLimit).toBe(5);
    expect(listed.devices).toEqual([
      {
        deviceUUID: uuid,
        nickname: 'Desk',
        platform: 'linux',
        role: 'client',
        lastSeen: portal.clock.current.toISOString(),
        linkedAt: portal.clock.current.toISOString(),
        signedIn: true,
        subscription: null,
      },
    ]);
    const stranger = v.parse(LinkedDevices, (await list(cast.stranger)).json);
    expect(stranger.devices.map((device) => device.deviceUUID)).not.toContain(uuid);
    expect((await portal.request(api.linkedDevices)).status).toBe(401);
  });
});

describe('PATCH /api/account/linkedDevices/friendlyName', () => {
  it('trims, takes any script and up to 64 characters, and answers with the device', async () => {
    const uuid = await linkedDevice(portal, cast.owner);
    for (const [nickname, stored] of [
      ['  Studio encoder  ', 'Studio encoder'],
      ['جهاز البث', 'جهاز البث'],
      ['配信用ノートパソコン', '配信用ノートパソコン'],
      ['👩‍💻'.repeat(64), '👩‍💻'.repeat(64)],
    ] as const) {
      const response = await rename(cast.owner, uuid, nickname);
      expect(response.status).toBe(200);
      expect(v.parse(DeviceChangeResponse, response.json).device.nickname).toBe(stored);
      expect((await deviceRow(uuid))?.name).toBe(stored);
    }
  });

  it('refuses an empty name, one over 64 characters, and control characters, changing nothing', async () => {
    const uuid = await linkedDevice(portal, cast.owner, 'Kept');
    for (const [nickname, message] of [
      ['   ', DeviceMessage.nicknameRequired],
      ['x'.repeat(65), DeviceMessage.nicknameTooLong],
      ['line\nbreak', DeviceMessage.nicknameControlCharacters],
      ['tab\there', DeviceMessage.nicknameControlCharacters],
    ] as const) {
      const response = await rename(cast.owner, uuid, nickname);
      expect(response.status).toBe(400);
      expect(response.json.message).toContain(message);
    }
    expect((await deviceRow(uuid))?.name).toBe('Kept');
  });
});

describe('another person’s device', () => {
  it('is a 404 for every call, and nothing changes', async () => {
    const uuid = await linkedDevice(portal, cast.owner, 'Owner laptop');
    await associate(cast.owner, uuid, cast.referenceId);
    const before = await deviceRow(uuid);
    const ownSubscription = await insertSubscription(portal, {
      ownerId: cast.stranger.id,
      planCode: 'personal-monthly',
    });
    for (const response of [
      await rename(cast.stranger, uuid, 'Mine now'),
      await associate(cast.stranger, uuid, ownSubscription.referenceId),
      await dissociate(cast.stranger, uuid),
      await remove(cast.stranger, uuid),
      await signOut(cast.stranger, uuid),
    ]) {
      expect(response.status).toBe(404);
      expect(response.json.error).toBe(ErrorCode.notFound);
    }
    expect(await deviceRow(uuid)).toEqual(before);
  });

  it('an unknown or malformed device id is a 404 too', async () => {
    expect((await signOut(cast.owner, 'not-a-uuid')).status).toBe(404);
    expect((await remove(cast.owner, crypto.randomUUID())).status).toBe(404);
  });
});

describe('association with a subscription', () => {
  it('takes a subscription the person owns, or belongs to through its team, and dissociates', async () => {
    for (const who of [cast.owner, cast.teamUser]) {
      const uuid = await linkedDevice(portal, who);
      const associated = await associate(who, uuid, cast.referenceId);
      expect(associated.status).toBe(200);
      expect(v.parse(DeviceChangeResponse, associated.json).device.subscription).toEqual({
        referenceId: cast.referenceId,
        productName: cast.subscription.productName,
      });
      const listed = v.parse(LinkedDevices, (await list(who)).json);
      expect(listed.devices.find((device) => device.deviceUUID === uuid)?.subscription?.referenceId).toBe(
        cast.referenceId,
      );
      const dissociated = await dissociate(who, uuid);
      expect(dissociated.status).toBe(200);
      expect(v.parse(DeviceChangeResponse, dissociated.json).device.subscription).toBeNull();
      expect((await deviceRow(uuid))?.subscriptionId).toBeNull();
    }
  });

  it('refuses a subscription the person neither owns nor belongs to (404), changing nothing', async () => {
    const uuid = await linkedDevice(portal, cast.stranger);
    const response = await associate(cast.stranger, uuid, cast.referenceId);
    expect(response.status).toBe(404);
    expect((await deviceRow(uuid))?.subscriptionId).toBeNull();
    expect((await associate(cast.stranger, uuid, 'sub-unknown')).status).toBe(404);
  });

  it('refuses an expired subscription (400)', async () => {
    const person = await newPerson(portal, 'expired.sub@example.test');
    const expired = await insertSubscription(portal, {
      ownerId: person.id,
      planCode: 'personal-monthly',
      state: 'expired',
    });
    const uuid = await linkedDevice(portal, person);
    const response = await associate(person, uuid, expired.referenceId);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: ErrorCode.deviceRefused, message: DeviceMessage.subscriptionInactive });
  });

  it('counts devices against the seats: quantity × devicesPerSeat, whoever linked them', async () => {
    const person = await newPerson(portal, 'seats.person@example.test');
    const single = await insertSubscription(portal, { ownerId: person.id, planCode: 'personal-monthly', quantity: 1 });
    // Fill the seats directly: the account's own device limit is another rule.
    const filler = await portal.db
      .insert(devices)
      .values(
        Array.from({ length: devicesPerSeat }, (_, index) => ({
          userId: cast.owner.id,
          name: `Filler ${index}`,
          subscriptionId: single.id,
        })),
      )
      .returning();
    const uuid = await linkedDevice(portal, person);
    const refused = await associate(person, uuid, single.referenceId);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ error: ErrorCode.deviceRefused, message: DeviceMessage.subscriptionSeatsFull });
    expect((await deviceRow(uuid))?.subscriptionId).toBeNull();
    await portal.db.delete(devices).where(eq(devices.deviceUuid, filler[0]?.deviceUuid ?? ''));
    expect((await associate(person, uuid, single.referenceId)).status).toBe(200);
    // Associating again with the same subscription does not count the device twice.
    expect((await associate(person, uuid, single.referenceId)).status).toBe(200);
  });
});

describe('removing and signing out', () => {
  it('DELETE linkedDevices removes the device: it no longer counts against the limit', async () => {
    const person = await newPerson(portal, 'remove.person@example.test');
    const uuid = await linkedDevice(portal, person);
    const response = await remove(person, uuid);
    expect(response.status).toBe(204);
    expect(await devicesOf(portal, person.id)).toEqual([]);
    expect((await remove(person, uuid)).status).toBe(404);
  });

  it('DELETE activeDevice/{id} signs the device out: it leaves activeDevices but stays linked', async () => {
    const person = await newPerson(portal, 'signout.person@example.test');
    const kept = await linkedDevice(portal, person, 'Kept');
    const signedOut = await linkedDevice(portal, person, 'Signed out');
    const accountBefore = v.parse(AccountUser, (await send(person, 'GET', api.accountUser)).json);
    expect(accountBefore.activeDevices.map((device) => device.deviceUuid).sort()).toEqual([kept, signedOut].sort());

    expect((await signOut(person, signedOut)).status).toBe(204);
    expect((await signOut(person, signedOut.toUpperCase())).status).toBe(204);
    const account = v.parse(AccountUser, (await send(person, 'GET', api.accountUser)).json);
    expect(account.activeDevices).toEqual([
      { deviceUuid: kept, name: 'Kept', lastSeen: portal.clock.current.toISOString() },
    ]);
    const listed = v.parse(LinkedDevices, (await list(person)).json);
    expect(listed.devices.map((device) => [device.nickname, device.signedIn])).toEqual([
      ['Kept', true],
      ['Signed out', false],
    ]);
  });

  it('a subscription that ends leaves its devices linked, associated with nothing', async () => {
    const person = await newPerson(portal, 'ended.sub@example.test');
    const subscription = await insertSubscription(portal, { ownerId: person.id, planCode: 'personal-monthly' });
    const uuid = await linkedDevice(portal, person);
    await associate(person, uuid, subscription.referenceId);
    await portal.db.delete(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(await deviceRow(uuid)).toMatchObject({ subscriptionId: null, userId: person.id });
  });
});

// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import {
  ActivationStatus,
  activationCodeLifetimeSeconds,
  activationLimits,
  activationPollIntervalSeconds,
  DeviceMessage,
  LinkDeviceResponse,
} from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import { deviceActivations, users } from '../../server/db/schema';
import { wrongGuessesPerCode } from '../../server/services/devices/activation';
import type { Person } from './billing-fixtures';
import { devicesOf, link, poll, requestCode } from './device-fixtures';
import { startTestPortal, type TestPortal } from './support';
import { newPerson } from './team-fixtures';

let portal: TestPortal;
let owner: Person;
let other: Person;

beforeAll(async () => {
  portal = await startTestPortal();
  owner = await newPerson(portal, 'device.owner@example.test');
  other = await newPerson(portal, 'device.other@example.test');
});
afterAll(() => portal.close());

describe('the device asks for a code', () => {
  it('gets six digits, a poll token of its own and a lifetime, without a session or an Origin', async () => {
    const issued = await requestCode(portal, { platform: 'windows', deviceName: 'Studio PC', address: '192.0.2.10' });
    expect(issued.activationCode).toMatch(/^\d{6}$/);
    expect(issued.pollToken.length).toBeGreaterThanOrEqual(40);
    expect(issued.pollIntervalSeconds).toBe(activationPollIntervalSeconds);
    expect(new Date(issued.expiresAt).getTime() - portal.clock.current.getTime()).toBe(
      activationCodeLifetimeSeconds * 1000,
    );
    const [row] = await portal.db
      .select()
      .from(deviceActivations)
      .where(eq(deviceActivations.deviceUuid, issued.deviceUUID));
    // Only hashes are kept: neither the code nor the token is in the row.
    expect(JSON.stringify(row)).not.toContain(issued.pollToken);
    expect(row?.codeHash).not.toContain(issued.activationCode);
    expect(row).toMatchObject({ platform: 'windows', deviceName: 'Studio PC', linkedAt: null });
  });

  it('refuses an unknown platform and a name with control characters', async () => {
    for (const json of [{ platform: 'amiga' }, { platform: 'linux', deviceName: 'a\u0007b' }]) {
      const response = await portal.request(api.deviceActivationCode, { json, origin: null, address: '192.0.2.11' });
      expect(response.status).toBe(400);
    }
  });

  it('is rate limited per client address', async () => {
    const address = '192.0.2.99';
    for (let i = 0; i < activationLimits.codesPerClient.limit; i++) await requestCode(portal, { address });
    const refused = await portal.request(api.deviceActivationCode, {
      json: { platform: 'linux' },
      origin: null,
      address,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    await requestCode(portal, { address: '192.0.2.100' });
  });
});

describe('linking and polling', () => {
  it('links the device to the person, and the device sees linked on its next poll', async () => {
    const issued = await requestCode(portal, { platform: 'macos', deviceName: 'Laptop', address: '192.0.2.20' });
    const waiting = await poll(portal, issued.pollToken);
    expect(waiting.status).toBe(200);
    expect(v.parse(ActivationStatus, waiting.json).state).toBe('waiting');

    const response = await link(portal, owner, ` ${issued.activationCode} `);
    expect(response.status).toBe(200);
    const linked = v.parse(LinkDeviceResponse, response.json);
    expect(linked.device).toMatchObject({
      deviceUUID: issued.deviceUUID,
      nickname: 'Laptop',
      platform: 'macos',
      role: 'client',
      signedIn: true,
      subscription: null,
    });
    expect((await devicesOf(portal, owner.id)).map((device) => device.deviceUuid)).toContain(issued.deviceUUID);

    const after = await poll(portal, issued.pollToken);
    // The device learns only that it was linked, not by whom.
    expect(after.json).toEqual({ state: 'linked' });
  });

  it('gives a wrong or missing poll token nothing', async () => {
    expect((await poll(portal, 'not-a-token')).status).toBe(404);
    const missing = await portal.request(api.deviceActivationStatus);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(DeviceMessage.pollTokenMissing);
  });

  it('refuses another person’s userid with 403 and links nothing', async () => {
    const issued = await requestCode(portal, { address: '192.0.2.21' });
    const response = await link(portal, other, issued.activationCode, { userid: owner.id });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(DeviceMessage.notYourAccount);
    expect(await devicesOf(portal, other.id)).toEqual([]);
    expect((await poll(portal, issued.pollToken)).json).toEqual({ state: 'waiting' });
  });

  it('answers a wrong, a used and an expired code alike, so a guess learns nothing of which codes exist', async () => {
    const person = await newPerson(portal, 'device.codes@example.test');
    const issued = await requestCode(portal, { address: '192.0.2.22' });
    const wrongCode = issued.activationCode === '000000' ? '000001' : '000000';
    const refusal = { error: ErrorCode.invalidCode, message: DeviceMessage.codeNotAccepted };
    const wrong = await link(portal, person, wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual(refusal);

    expect((await link(portal, person, issued.activationCode)).status).toBe(200);
    const reused = await link(portal, person, issued.activationCode);
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual(refusal);
    const reusedByOther = await link(portal, other, issued.activationCode);
    expect(reusedByOther.json).toEqual(refusal);
    expect(await devicesOf(portal, other.id)).toEqual([]);

    const late = await requestCode(portal, { address: '192.0.2.23' });
    portal.clock.current = new Date(portal.clock.current.getTime() + activationCodeLifetimeSeconds * 1000);
    try {
      const expired = await link(portal, person, late.activationCode);
      expect(expired.status).toBe(400);
      expect(expired.json).toEqual(refusal);
      expect((await poll(portal, late.pollToken)).json).toEqual({ state: 'expired' });
      expect(await devicesOf(portal, person.id)).toHaveLength(1);
    } finally {
      portal.clock.current = new Date(portal.clock.current.getTime() - activationCodeLifetimeSeconds * 1000);
    }
  });

  it('refuses a full account with a clear message and links nothing', async () => {
    const person = await newPerson(portal, 'device.full@example.test');
    await portal.db.update(users).set({ availableDeviceLimit: 1 }).where(eq(users.id, person.id));
    expect(
      (await link(portal, person, (await requestCode(portal, { address: '192.0.2.24' })).activationCode)).status,
    ).toBe(200);
    const second = await requestCode(portal, { address: '192.0.2.25' });
    const refused = await link(portal, person, second.activationCode);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ error: ErrorCode.deviceLimitReached, message: DeviceMessage.deviceLimitReached });
    expect(await devicesOf(portal, person.id)).toHaveLength(1);
    expect((await poll(portal, second.pollToken)).json).toEqual({ state: 'waiting' });
  });

  it('counts wrong codes per account: the eleventh attempt in a window gets 429, even with a right code', async () => {
    const person = await newPerson(portal, 'device.guesser@example.test');
    const issued = await requestCode(portal, { address: '192.0.2.26' });
    const wrongCode = issued.activationCode === '123456' ? '654321' : '123456';
    for (let i = 0; i < activationLimits.linkAttemptsPerAccount.limit; i++) {
      expect((await link(portal, person, wrongCode)).status).toBe(400);
    }
    const limited = await link(portal, person, issued.activationCode);
    expect(limited.status).toBe(429);
    expect(await devicesOf(portal, person.id)).toEqual([]);
    // Another account is not affected.
    expect((await link(portal, other, issued.activationCode)).status).toBe(200);
  });

  it('counts wrong codes per client address too, whichever accounts it signs in to', async () => {
    const address = '192.0.2.27';
    const issued = await requestCode(portal, { address: '192.0.2.28' });
    const wrongCode = issued.activationCode === '234567' ? '765432' : '234567';
    const guessers = [
      await newPerson(portal, 'device.client.one@example.test'),
      await newPerson(portal, 'device.client.two@example.test'),
      await newPerson(portal, 'device.client.three@example.test'),
    ];
    for (let i = 0; i < activationLimits.linkAttemptsPerClient.limit; i++) {
      const guesser = guessers[i % guessers.length] as Person;
      expect((await link(portal, guesser, wrongCode, { address })).status).toBe(400);
    }
    const limited = await link(portal, guessers[0] as Person, issued.activationCode, { address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await link(portal, guessers[0] as Person, issued.activationCode)).status).toBe(200);
  });

  it('stops everyone linking while the portal-wide limit of failures is spent', async () => {
    const issued = await requestCode(portal, { address: '192.0.2.29' });
    const person = await newPerson(portal, 'device.overall@example.test');
    const { rateLimiter } = portal.services;
    for (let i = 0; i < activationLimits.linkAttemptsOverall.limit; i++) {
      await rateLimiter.take(activationLimits.linkAttemptsOverall, 'portal');
    }
    try {
      expect((await link(portal, person, issued.activationCode)).status).toBe(429);
    } finally {
      for (let i = 0; i < activationLimits.linkAttemptsOverall.limit; i++) {
        await rateLimiter.refund(activationLimits.linkAttemptsOverall, 'portal');
      }
    }
    expect((await link(portal, person, issued.activationCode)).status).toBe(200);
  });

  it('retires a waiting code after it has faced a few dozen wrong guesses; its device is told it expired', async () => {
    const issued = await requestCode(portal, { address: '192.0.2.30' });
    const wrongCode = issued.activationCode === '345678' ? '876543' : '345678';
    const perPerson = activationLimits.linkAttemptsPerAccount.limit;
    for (let made = 0; made < wrongGuessesPerCode; made += perPerson) {
      const guesser = await newPerson(portal, `device.sweeper.${made}@example.test`);
      for (let i = 0; i < Math.min(perPerson, wrongGuessesPerCode - made); i++) {
        expect((await link(portal, guesser, wrongCode)).status).toBe(400);
      }
    }
    const person = await newPerson(portal, 'device.too.late@example.test');
    const refused = await link(portal, person, issued.activationCode);
    expect(refused.json.message).toBe(DeviceMessage.codeNotAccepted);
    expect((await poll(portal, issued.pollToken)).json).toEqual({ state: 'expired' });
    // The device asks again and its new code works.
    const fresh = await requestCode(portal, { address: '192.0.2.31' });
    expect((await link(portal, person, fresh.activationCode)).status).toBe(200);
  });

  it('needs a session to link', async () => {
    const response = await portal.request(api.linkDevice, {
      method: 'PATCH',
      json: { userid: owner.id, activationCode: '123456' },
    });
    expect(response.status).toBe(401);
  });
});

describe('the device limit under concurrency', () => {
  it('lets exactly five of ten devices linked at once into five free slots win', async () => {
    const person = await newPerson(portal, 'device.race@example.test');
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push(await requestCode(portal, { address: `192.0.2.${130 + i}` }));
    const responses = await Promise.all(codes.map((issued) => link(portal, person, issued.activationCode)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await devicesOf(portal, person.id)).toHaveLength(5);
    const states = await Promise.all(codes.map(async (issued) => (await poll(portal, issued.pollToken)).json.state));
    expect(states.filter((state) => state === 'linked')).toHaveLength(5);
  });
});

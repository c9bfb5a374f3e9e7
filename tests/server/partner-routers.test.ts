// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { PartnerRouterDevice, RouterMessage } from '../../contract/routers';
import { routers } from '../../server/db/schema';
import { insertCatalogue, type Person } from './billing-fixtures';
import { insertRouter } from './router-fixtures';
import { startTestPortal, type TestPortal } from './support';
import { newPerson } from './team-fixtures';

let portal: TestPortal;
let owner: Person;
let other: Person;
let routerId: string;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  owner = await newPerson(portal, 'router.owner@example.test');
  other = await newPerson(portal, 'router.other@example.test');
  routerId = (await insertRouter(portal, { ownerId: owner.id, name: 'Kitchen', vendor: 'miri', serial: 'MIRI-1' })).id;
});
afterAll(() => portal.close());

const device = api.partnerRouterDevice;
const flagsInDatabase = async () => {
  const [row] = await portal.db.select().from(routers).where(eq(routers.id, routerId));
  return [row?.hasShown90DaySuccess, row?.seenRouterActivationSuccess];
};

describe('partner routers', () => {
  it('shows the owner the device with both flags unset', async () => {
    const response = await portal.request(device(routerId), { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(v.parse(PartnerRouterDevice, response.json)).toMatchObject({
      routerId,
      name: 'Kitchen',
      vendor: 'miri',
      serial: 'MIRI-1',
      activatedAt: expect.any(String),
      flags: { hasShown90DaySuccess: false, seenRouterActivationSuccess: false },
    });
  });

  it('answers anyone else, and ids that are no router, 404, and changes nothing', async () => {
    for (const path of [
      device(routerId),
      `${device(routerId)}/has-shown-90day-success`,
      `${device(routerId)}/seen-router-activation-success`,
    ]) {
      const response = await portal.request(path, {
        method: path === device(routerId) ? 'GET' : 'PUT',
        cookie: other.cookie,
      });
      expect(response.status).toBe(404);
      expect(response.json.message).toBe(RouterMessage.routerNotFound);
    }
    expect((await portal.request(device('not-a-uuid'), { cookie: owner.cookie })).status).toBe(404);
    expect((await portal.request(device(crypto.randomUUID()), { cookie: owner.cookie })).status).toBe(404);
    expect((await portal.request(device(routerId))).status).toBe(401);
    expect(await flagsInDatabase()).toEqual([false, false]);
  });

  it('sets each flag for the owner, once and for good', async () => {
    const shown = `${device(routerId)}/has-shown-90day-success`;
    expect((await portal.request(shown, { method: 'PUT', cookie: owner.cookie })).status).toBe(204);
    expect(await flagsInDatabase()).toEqual([true, false]);
    const seen = `${device(routerId)}/seen-router-activation-success`;
    expect((await portal.request(seen, { method: 'PUT', cookie: owner.cookie })).status).toBe(204);
    expect((await portal.request(seen, { method: 'PUT', cookie: owner.cookie })).status).toBe(204);
    const response = await portal.request(device(routerId), { cookie: owner.cookie });
    expect(v.parse(PartnerRouterDevice, response.json).flags).toEqual({
      hasShown90DaySuccess: true,
      seenRouterActivationSuccess: true,
    });
  });
});

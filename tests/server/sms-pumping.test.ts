// @vitest-environment node
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { PhoneMessage, phoneVerificationLimits } from '../../contract/phone';
import { smsOutbox } from '../../server/db/schema';
import type { Person } from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';
import { newPerson } from './team-fixtures';

/**
 * SMS pumping (issue 21): every text costs money, and a premium-rate number pays its owner per
 * text. Codes go only to the regions PHONE_VERIFICATION_REGIONS offers (here US and GB), never to
 * premium-rate or shared-cost numbers, and within a daily budget per region and overall.
 */

let portal: TestPortal;
let person: Person;

beforeAll(async () => {
  portal = await startTestPortal({ PHONE_VERIFICATION_REGIONS: 'US:50,GB:50' });
  person = await newPerson(portal, 'sms.pumping@example.test');
});
afterAll(() => portal.close());

let clients = 0;
const requestCode = (phone: string) =>
  portal.request(api.phoneVerificationCode(phone), {
    method: 'POST',
    cookie: person.cookie,
    address: `192.0.2.${++clients}`,
  });
const textsSent = async () => (await portal.db.select({ n: count() }).from(smsOutbox))[0]?.n ?? 0;

describe('phone codes are texted', () => {
  it('to a mobile number of an offered region', async () => {
    expect((await requestCode('+447400123456')).status).toBe(200);
    expect((await requestCode('+12015550150')).status).toBe(200);
  });

  it('never to a region that is not offered, a premium-rate or a shared-cost number: 400, nothing sent', async () => {
    const before = await textsSent();
    for (const phone of ['+4915123456789', '+19002345678', '+448431234567']) {
      const refused = await requestCode(phone);
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(PhoneMessage.numberNotServed);
    }
    expect(await textsSent()).toBe(before);
  });

  it('within a daily budget per region, and overall', async () => {
    const { rateLimiter } = portal.services;
    const { codesPerRegion, codesOverall } = phoneVerificationLimits;
    // The budget of GB is spent (two texts above counted towards the overall one).
    for (let index = 1; index < codesPerRegion.limit; index += 1) await rateLimiter.take(codesPerRegion, 'GB');
    const spent = await requestCode('+447700123456');
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another region still gets its texts, until the portal's own budget is spent.
    expect((await requestCode('+12015550151')).status).toBe(200);
    for (let index = 0; index < codesOverall.limit; index += 1) await rateLimiter.take(codesOverall, 'portal');
    expect((await requestCode('+12015550152')).status).toBe(429);
  });
});

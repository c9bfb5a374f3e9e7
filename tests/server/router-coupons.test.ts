// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { RouterCouponRedemptionResponse, RouterMessage, routerCouponLimits } from '../../contract/routers';
import { routerCoupons, subscriptions } from '../../server/db/schema';
import { insertCatalogue, invoicesOf, type Person, subscriptionRow } from './billing-fixtures';
import { clientAddresses, startTestPortal, type TestPortal } from './support';
import { newPerson } from './team-fixtures';

let portal: TestPortal;
let first: Person;
let second: Person;
const address = clientAddresses();
const dayMs = 24 * 3600 * 1000;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  first = await newPerson(portal, 'coupon.first@example.test');
  second = await newPerson(portal, 'coupon.second@example.test');
  const inAYear = new Date(portal.clock.current.getTime() + 365 * dayMs);
  await portal.db.insert(routerCoupons).values([
    { code: 'ROUTER-ONE', planCode: 'router-lifetime', expiresAt: inAYear },
    { code: 'ROUTER-RACE', planCode: 'router-3year', expiresAt: inAYear },
    { code: 'ROUTER-OLD', planCode: 'router-3year', expiresAt: new Date(portal.clock.current.getTime() - dayMs) },
  ]);
});
afterAll(() => portal.close());

const redeem = (who: Person, coupon: string, clientAddress = address()) =>
  portal.request(api.routerCouponRedemption, { json: { coupon }, cookie: who.cookie, address: clientAddress });
const subscriptionsOf = async (who: Person) =>
  portal.db.select().from(subscriptions).where(eq(subscriptions.ownerId, who.id));

describe('POST /api/account/router-coupon-redemption', () => {
  it('turns a coupon, as typed, into a router subscription bought through the ledger', async () => {
    const response = await redeem(first, '  router-one ');
    expect(response.status).toBe(201);
    const { referenceId, planCode } = v.parse(RouterCouponRedemptionResponse, response.json);
    expect(planCode).toBe('router-lifetime');
    const subscription = await subscriptionRow(portal, referenceId);
    expect(subscription).toMatchObject({
      ownerId: first.id,
      productName: 'Bonding Router',
      planCode: 'router-lifetime',
      state: 'active',
      currentPeriodEnd: null,
    });
    expect((await invoicesOf(portal, subscription.id)).map((invoice) => invoice.reason)).toEqual(['purchase']);
    const [coupon] = await portal.db.select().from(routerCoupons).where(eq(routerCoupons.code, 'ROUTER-ONE'));
    expect(coupon).toMatchObject({ redeemedBy: first.id, subscriptionId: subscription.id });
  });

  it('refuses used, unknown, expired and empty codes clearly, and changes nothing', async () => {
    const cases = [
      ['ROUTER-ONE', 409, RouterMessage.couponUsed],
      ['NO-SUCH-CODE', 404, RouterMessage.couponUnknown],
      ['ROUTER-OLD', 400, RouterMessage.couponExpired],
      ['   ', 400, RouterMessage.couponRequired],
    ] as const;
    for (const [code, status, message] of cases) {
      const response = await redeem(second, code);
      expect(response.status, code).toBe(status);
      // A validation failure names the field before the message.
      expect(response.json.message).toContain(message);
    }
    expect(await subscriptionsOf(second)).toEqual([]);
    const [old] = await portal.db.select().from(routerCoupons).where(eq(routerCoupons.code, 'ROUTER-OLD'));
    expect(old?.redeemedAt).toBeNull();
  });

  it('gives a coupon redeemed by two people at once to one of them', async () => {
    const results = await Promise.all([redeem(first, 'ROUTER-RACE'), redeem(second, 'ROUTER-RACE')]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    const winner = results[0]?.status === 201 ? first : second;
    const loser = winner === first ? second : first;
    const [coupon] = await portal.db.select().from(routerCoupons).where(eq(routerCoupons.code, 'ROUTER-RACE'));
    expect(coupon?.redeemedBy).toBe(winner.id);
    expect((await subscriptionsOf(loser)).filter((row) => row.planCode === 'router-3year')).toEqual([]);
    expect((await subscriptionsOf(winner)).filter((row) => row.planCode === 'router-3year')).toHaveLength(1);
  });

  it('limits attempts per account, wrong codes included', async () => {
    const person = await newPerson(portal, 'coupon.guesser@example.test');
    for (let attempt = 0; attempt < routerCouponLimits.perAccount.limit; attempt++) {
      expect((await redeem(person, `GUESS-${attempt}`)).status).toBe(404);
    }
    const limited = await redeem(person, 'GUESS-LAST');
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe(ErrorCode.rateLimited);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('limits attempts per client address, across accounts', async () => {
    const clientAddress = '192.0.2.77';
    const perAccount = routerCouponLimits.perAccount.limit;
    const accounts = Math.ceil(routerCouponLimits.perClient.limit / perAccount);
    for (let index = 0; index < accounts; index++) {
      const person = await newPerson(portal, `coupon.client${index}@example.test`);
      const tries = Math.min(perAccount, routerCouponLimits.perClient.limit - index * perAccount);
      for (let attempt = 0; attempt < tries; attempt++) {
        expect((await redeem(person, `GUESS-${attempt}`, clientAddress)).status).toBe(404);
      }
    }
    const fresh = await newPerson(portal, 'coupon.fresh@example.test');
    expect((await redeem(fresh, 'GUESS', clientAddress)).status).toBe(429);
    expect((await redeem(fresh, 'GUESS', address())).status).toBe(404);
  });
});

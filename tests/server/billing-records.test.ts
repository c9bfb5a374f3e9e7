// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingOverview, Invoice } from '../../contract/billing';
import { CouponList, CouponRedemption, couponLimits, SubscriptionMessage } from '../../contract/subscriptions';
import {
  billingAccounts,
  billingEvents,
  couponRedemptions,
  coupons,
  invoiceLines,
  invoices,
  type subscriptions,
} from '../../server/db/schema';
import { addTeamMember, buy, sendEvent } from './billing-support';
import { startTestPortal, type TestPortal, testIso } from './support';

/**
 * The billing page, invoices, prices and coupons: the owner sees and redeems, a team admin and a
 * team user are refused with 403, a stranger learns nothing (404).
 */

let portal: TestPortal;
const password = 'correct horse battery';
const cookies: Record<'owner' | 'admin' | 'member' | 'stranger', string> = {
  owner: '',
  admin: '',
  member: '',
  stranger: '',
};
let teamsPlan: typeof subscriptions.$inferSelect;
let strangersPlan: typeof subscriptions.$inferSelect;

beforeAll(async () => {
  portal = await startTestPortal();
  const owner = await portal.createUser('owner@example.com', password);
  const admin = await portal.createUser('admin@example.com', password);
  const member = await portal.createUser('member@example.com', password);
  await portal.createUser('stranger@example.com', password);
  teamsPlan = await buy(portal, { accountEmail: owner.email, planCode: 'teams-monthly', quantity: 5 });
  await addTeamMember(portal, teamsPlan.teamId, admin.id, 'admin');
  await addTeamMember(portal, teamsPlan.teamId, member.id, 'user');
  strangersPlan = await buy(portal, { accountEmail: 'stranger@example.com', planCode: 'personal-monthly' });
  await portal.db.insert(coupons).values([
    { code: 'OPEN10', name: '10% off', percentOff: 10, duration: 'once', public: true, stackable: true },
    {
      code: 'TEAMONLY',
      name: 'Teams 20%',
      percentOff: 20,
      duration: 'forever',
      planCodes: ['teams-monthly'],
      public: true,
      stackable: true,
    },
    {
      code: 'PERSONAL',
      name: 'Personal only',
      percentOff: 5,
      duration: 'once',
      planCodes: ['personal-monthly'],
      public: true,
    },
    {
      code: 'OLD',
      name: 'Old',
      percentOff: 50,
      duration: 'once',
      expiresAt: new Date(portal.clock.current.getTime() - 1000),
    },
    { code: 'GONE', name: 'Used up', amountOffCents: 100, duration: 'once', maxRedemptions: 1, public: true },
    { code: 'RACE', name: 'Last one', amountOffCents: 100, duration: 'once', maxRedemptions: 1, public: true },
    { code: 'HUGE', name: 'Everything off', amountOffCents: 1_000_000, duration: 'once', public: true },
  ]);
  // GONE's one redemption, used up by the stranger's first invoice (at the portal's clock, as the
  // ledger would have written it: a redemption dated by the database's clock sorted differently).
  const [strangersPurchase] = await portal.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, strangersPlan.id));
  await portal.db.insert(couponRedemptions).values({
    couponCode: 'GONE',
    subscriptionId: strangersPlan.id,
    accountCode: strangersPlan.billingAccountCode ?? '',
    redeemedAt: portal.clock.current,
    appliedInvoiceNumber: strangersPurchase?.number ?? null,
  });
  for (const [who, email] of [
    ['owner', 'owner@example.com'],
    ['admin', 'admin@example.com'],
    ['member', 'member@example.com'],
    ['stranger', 'stranger@example.com'],
  ] as const) {
    cookies[who] = await portal.signIn(email, password);
  }
});
afterAll(() => portal.close());

const overviewOf = (referenceId: string, cookie: string) =>
  portal.request(`/api/billing?referenceId=${encodeURIComponent(referenceId)}`, { cookie });
const couponsOf = (referenceId: string, cookie: string) =>
  portal.request(`/api/recurly/coupon?subscriptionId=${encodeURIComponent(referenceId)}`, { cookie });
const redeem = (cookie: string, request: { accountId: string; subscriptionId: string; couponId: string }) =>
  portal.request('/api/recurly/redemption', { json: request, cookie });
const renew = (referenceId: string) =>
  sendEvent(portal, { id: `evt-${crypto.randomUUID()}`, type: 'subscription.renewed', data: { referenceId } });

describe('GET /api/billing', () => {
  it('shows the owner the plan, the next amount and the invoices, newest first', async () => {
    const response = await overviewOf(teamsPlan.referenceId, cookies.owner);
    expect(response.status).toBe(200);
    const overview = v.parse(BillingOverview, response.json);
    expect(overview).toMatchObject({
      referenceId: teamsPlan.referenceId,
      accountCode: teamsPlan.billingAccountCode,
      planCode: 'teams-monthly',
      title: 'Teams, monthly',
      state: 'active',
      quantity: 5,
      cancelable: true,
      durationMonths: 1,
      currency: 'USD',
      priceCents: 1499 * 5,
      nextBillingDate: testIso('2026-12-22T12:00:00.000Z'),
      nextAmountCents: 1499 * 5,
      couponsApplied: [],
      paymentMethod: null,
    });
    expect(overview.invoices).toEqual([
      expect.objectContaining({ reason: 'purchase', totalCents: 7495, issuedAt: testIso('2026-11-22T12:00:00.000Z') }),
    ]);
  });

  it('refuses a team admin and a team user with 403, a stranger with 404, and asks for a session', async () => {
    const admin = await overviewOf(teamsPlan.referenceId, cookies.admin);
    expect(admin.status).toBe(403);
    expect(admin.json.message).toBe(SubscriptionMessage.notOwner);
    expect((await overviewOf(teamsPlan.referenceId, cookies.member)).status).toBe(403);
    const stranger = await overviewOf(teamsPlan.referenceId, cookies.stranger);
    expect(stranger.status).toBe(404);
    expect((await overviewOf('no-such-subscription', cookies.owner)).status).toBe(404);
    expect((await portal.request(`/api/billing?referenceId=${teamsPlan.referenceId}`)).status).toBe(401);
    expect((await portal.request('/api/billing', { cookie: cookies.owner })).status).toBe(400);
  });

  it('has no next amount for a one-time plan', async () => {
    const router = await buy(portal, { accountEmail: 'owner@example.com', planCode: 'router-lifetime' });
    const overview = v.parse(BillingOverview, (await overviewOf(router.referenceId, cookies.owner)).json);
    expect(overview).toMatchObject({
      nextBillingDate: null,
      nextAmountCents: null,
      durationMonths: 0,
      priceCents: 24_900,
    });
  });
});

describe('the payment method on GET /api/billing (issue 27)', () => {
  const visa = { brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2028 };
  const paymentMethodUpdated = (accountCode: string, paymentMethod: Record<string, unknown>) => ({
    id: `evt-${crypto.randomUUID()}`,
    type: 'payment_method.updated',
    data: { accountCode, paymentMethod },
  });
  const accountRow = async (code: string) =>
    (await portal.db.select().from(billingAccounts).where(eq(billingAccounts.code, code)))[0];
  const recorded = (eventId: string) =>
    portal.db.select().from(billingEvents).where(eq(billingEvents.eventId, eventId));

  it('shows the owner the card the order site names in a signed event, and the stranger only their own', async () => {
    const ownersAccount = teamsPlan.billingAccountCode ?? '';
    const response = await sendEvent(portal, paymentMethodUpdated(ownersAccount, visa));
    expect(response.status).toBe(200);
    expect(await accountRow(ownersAccount)).toMatchObject({
      paymentBrand: 'Visa',
      paymentLast4: '4242',
      paymentExpMonth: 8,
      paymentExpYear: 2028,
      paymentUpdatedAt: portal.clock.current,
    });
    const overview = v.parse(BillingOverview, (await overviewOf(teamsPlan.referenceId, cookies.owner)).json);
    expect(overview.paymentMethod).toEqual(visa);

    // Another person's billing is not found, card included; their own shows no card.
    const strangers = await overviewOf(teamsPlan.referenceId, cookies.stranger);
    expect(strangers.status).toBe(404);
    expect(JSON.stringify(strangers.json)).not.toContain('4242');
    const own = v.parse(BillingOverview, (await overviewOf(strangersPlan.referenceId, cookies.stranger)).json);
    expect(own.paymentMethod).toBeNull();
    expect((await overviewOf(teamsPlan.referenceId, cookies.admin)).status).toBe(403);
  });

  it('replaces the card with the next one', async () => {
    const ownersAccount = teamsPlan.billingAccountCode ?? '';
    const mastercard = { brand: 'Mastercard', last4: '5454', expMonth: 12, expYear: 2030 };
    expect((await sendEvent(portal, paymentMethodUpdated(ownersAccount, mastercard))).status).toBe(200);
    const overview = v.parse(BillingOverview, (await overviewOf(teamsPlan.referenceId, cookies.owner)).json);
    expect(overview.paymentMethod).toEqual(mastercard);
    expect((await sendEvent(portal, paymentMethodUpdated(ownersAccount, visa))).status).toBe(200);
  });

  it.each([
    ['three digits', { ...visa, last4: '424' }],
    ['letters for digits', { ...visa, last4: '42a2' }],
    ['month 13', { ...visa, expMonth: 13 }],
    ['month 0', { ...visa, expMonth: 0 }],
    ['a fractional year', { ...visa, expYear: 2028.5 }],
    ['no brand', { ...visa, brand: '' }],
    ['the card number', { ...visa, number: '4242424242424242' }],
  ])('refuses a card with %s with 400 and changes nothing', async (_, paymentMethod) => {
    const ownersAccount = teamsPlan.billingAccountCode ?? '';
    const before = await accountRow(ownersAccount);
    const event = paymentMethodUpdated(ownersAccount, paymentMethod);
    const refused = await sendEvent(portal, event);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('validation_failed');
    expect(await recorded(event.id)).toEqual([]);
    expect(await accountRow(ownersAccount)).toEqual(before);
    const overview = v.parse(BillingOverview, (await overviewOf(teamsPlan.referenceId, cookies.owner)).json);
    expect(overview.paymentMethod).toEqual(visa);
  });

  it('refuses an account the portal does not know with 422, and records nothing', async () => {
    const event = paymentMethodUpdated('acct_nobody', visa);
    const refused = await sendEvent(portal, event);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/no billing account/i);
    expect(await recorded(event.id)).toEqual([]);
    expect(await accountRow('acct_nobody')).toBeUndefined();
  });
});

describe('GET /api/billing/invoices/{number}', () => {
  async function firstInvoiceOf(subscriptionId: string) {
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId));
    if (!invoice) throw new Error('no invoice');
    return invoice.number;
  }

  it('shows the owner the invoice with its lines', async () => {
    const number = await firstInvoiceOf(teamsPlan.id);
    const response = await portal.request(`/api/billing/invoices/${number}`, { cookie: cookies.owner });
    expect(response.status).toBe(200);
    expect(v.parse(Invoice, response.json)).toMatchObject({
      invoiceNumber: number,
      referenceId: teamsPlan.referenceId,
      billedTo: 'owner@example.com',
      reason: 'purchase',
      totalCents: 7495,
      periodStart: testIso('2026-11-22T12:00:00.000Z'),
      periodEnd: testIso('2026-12-22T12:00:00.000Z'),
      lines: [{ kind: 'plan', description: 'Teams, monthly', quantity: 5, amountCents: 7495 }],
    });
  });

  it('is not found for anyone else, team admins included, and for another account’s invoice', async () => {
    const number = await firstInvoiceOf(teamsPlan.id);
    for (const cookie of [cookies.admin, cookies.member, cookies.stranger]) {
      expect((await portal.request(`/api/billing/invoices/${number}`, { cookie })).status).toBe(404);
    }
    const strangers = await firstInvoiceOf(strangersPlan.id);
    expect((await portal.request(`/api/billing/invoices/${strangers}`, { cookie: cookies.owner })).status).toBe(404);
    expect((await portal.request('/api/billing/invoices/not-a-number', { cookie: cookies.owner })).status).toBe(404);
    expect((await portal.request(`/api/billing/invoices/${number}`)).status).toBe(401);
  });
});

describe('GET /api/pricing', () => {
  it('answers every plan’s price in major units without a session, cacheable', async () => {
    const response = await portal.request('/api/pricing');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.json).toMatchObject({
      'personal-monthly': 9.99,
      'personal-yearly': 89.99,
      'personal-yearly.blackfriday24': 59.99,
      'teams-3year': 359.99,
      'router-lifetime': 249,
    });
    expect(response.json).not.toHaveProperty('personal-monthly.blackfriday24');
  });
});

describe('coupons', () => {
  it('lists what the owner could redeem now: not expired, not used up, not redeemed, for this plan', async () => {
    const response = await couponsOf(teamsPlan.referenceId, cookies.owner);
    expect(response.status).toBe(200);
    const { coupons: listed } = v.parse(CouponList, response.json);
    expect(listed.map((coupon) => coupon.couponId)).toEqual(['HUGE', 'OPEN10', 'RACE', 'TEAMONLY']);
    expect(listed.find((coupon) => coupon.couponId === 'TEAMONLY')).toEqual({
      couponId: 'TEAMONLY',
      name: 'Teams 20%',
      percentOff: 20,
      amountOffCents: null,
      currency: 'USD',
      duration: 'forever',
      expiresAt: null,
    });
  });

  it('refuses the list to a team admin and a team user (403) and a stranger (404)', async () => {
    expect((await couponsOf(teamsPlan.referenceId, cookies.admin)).status).toBe(403);
    expect((await couponsOf(teamsPlan.referenceId, cookies.member)).status).toBe(403);
    expect((await couponsOf(teamsPlan.referenceId, cookies.stranger)).status).toBe(404);
  });

  it('refuses each coupon that cannot be redeemed, with its message', async () => {
    const accountId = teamsPlan.billingAccountCode ?? '';
    const attempt = (couponId: string) =>
      redeem(cookies.owner, { accountId, subscriptionId: teamsPlan.referenceId, couponId });
    const cases = [
      ['NOPE', 404, SubscriptionMessage.couponUnknown],
      ['OLD', 400, SubscriptionMessage.couponExpired],
      ['GONE', 400, SubscriptionMessage.couponUsedUp],
      ['PERSONAL', 400, SubscriptionMessage.couponNotApplicable],
    ] as const;
    for (const [couponId, status, message] of cases) {
      const response = await attempt(couponId);
      expect({ couponId, status: response.status, body: response.json }).toEqual({
        couponId,
        status,
        body: { error: 'coupon_refused', message },
      });
    }
    expect(
      await portal.db.select().from(couponRedemptions).where(eq(couponRedemptions.subscriptionId, teamsPlan.id)),
    ).toEqual([]);
  });

  it('redeems once for the owner and refuses the second time', async () => {
    const request = {
      accountId: teamsPlan.billingAccountCode ?? '',
      subscriptionId: teamsPlan.referenceId,
      couponId: 'open10',
    };
    const first = await redeem(cookies.owner, request);
    expect(first.status).toBe(201);
    expect(v.parse(CouponRedemption, first.json)).toEqual({
      success: true,
      couponId: 'OPEN10',
      subscriptionId: teamsPlan.referenceId,
      redeemedAt: portal.clock.current.toISOString(),
    });
    const again = await redeem(cookies.owner, request);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(SubscriptionMessage.couponAlreadyRedeemed);
    const listed = v.parse(CouponList, (await couponsOf(teamsPlan.referenceId, cookies.owner)).json);
    expect(listed.coupons.map((coupon) => coupon.couponId)).not.toContain('OPEN10');
  });

  it('refuses another person’s account id, and everyone but the owner', async () => {
    const ownAccount = teamsPlan.billingAccountCode ?? '';
    const foreign = await redeem(cookies.owner, {
      accountId: strangersPlan.billingAccountCode ?? '',
      subscriptionId: teamsPlan.referenceId,
      couponId: 'TEAMONLY',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toBe(SubscriptionMessage.notYourAccount);
    const byAdmin = await redeem(cookies.admin, {
      accountId: ownAccount,
      subscriptionId: teamsPlan.referenceId,
      couponId: 'TEAMONLY',
    });
    expect(byAdmin.status).toBe(403);
    const byMember = await redeem(cookies.member, {
      accountId: ownAccount,
      subscriptionId: teamsPlan.referenceId,
      couponId: 'TEAMONLY',
    });
    expect(byMember.status).toBe(403);
    const byStranger = await redeem(cookies.stranger, {
      accountId: strangersPlan.billingAccountCode ?? '',
      subscriptionId: teamsPlan.referenceId,
      couponId: 'TEAMONLY',
    });
    expect(byStranger.status).toBe(404);
    const withoutOrigin = await portal.request('/api/recurly/redemption', {
      json: { accountId: ownAccount, subscriptionId: teamsPlan.referenceId, couponId: 'TEAMONLY' },
      cookie: cookies.owner,
      origin: 'https://evil.example',
    });
    expect(withoutOrigin.status).toBe(403);
    expect(withoutOrigin.json.error).toBe('cross_origin_refused');
    const redeemed = await portal.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.subscriptionId, teamsPlan.id), eq(couponRedemptions.couponCode, 'TEAMONLY')));
    expect(redeemed).toEqual([]);
  });

  it('lets exactly one of two concurrent redemptions take a coupon’s last use', async () => {
    const plans = await Promise.all(
      ['racer.one@example.com', 'racer.two@example.com'].map(async (email) => {
        await portal.createUser(email, password);
        const subscription = await buy(portal, { accountEmail: email, planCode: 'personal-monthly' });
        return { subscription, cookie: await portal.signIn(email, password) };
      }),
    );
    const answers = await Promise.all(
      plans.map(({ subscription, cookie }) =>
        redeem(cookie, {
          accountId: subscription.billingAccountCode ?? '',
          subscriptionId: subscription.referenceId,
          couponId: 'RACE',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)?.json.message).toBe(SubscriptionMessage.couponUsedUp);
    expect(
      await portal.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponCode, 'RACE')),
    ).toHaveLength(1);
  });

  it('puts discount lines on renewal invoices: once coupons once, forever coupons every time', async () => {
    const redeemed = await redeem(cookies.owner, {
      accountId: teamsPlan.billingAccountCode ?? '',
      subscriptionId: teamsPlan.referenceId,
      couponId: 'TEAMONLY',
    });
    expect(redeemed.status).toBe(201);
    const before = v.parse(BillingOverview, (await overviewOf(teamsPlan.referenceId, cookies.owner)).json);
    // 7495 − 20% (1499) − 10% (749.5, rounded to 750).
    expect(before.nextAmountCents).toBe(5246);
    expect(before.couponsApplied.map((coupon) => coupon.couponId)).toEqual(['OPEN10', 'TEAMONLY']);

    expect((await renew(teamsPlan.referenceId)).status).toBe(200);
    const afterFirst = v.parse(BillingOverview, (await overviewOf(teamsPlan.referenceId, cookies.owner)).json);
    const [firstRenewal] = afterFirst.invoices;
    expect(firstRenewal).toMatchObject({ reason: 'renewal', totalCents: 5246 });
    const lines = await portal.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceNumber, firstRenewal?.invoiceNumber ?? 0))
      .orderBy(invoiceLines.position);
    expect(lines.map(({ kind, description, amountCents }) => ({ kind, description, amountCents }))).toEqual([
      { kind: 'plan', description: 'Teams, monthly', amountCents: 7495 },
      { kind: 'couponDiscount', description: '10% off', amountCents: -750 },
      { kind: 'couponDiscount', description: 'Teams 20%', amountCents: -1499 },
    ]);
    const [open10] = await portal.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.subscriptionId, teamsPlan.id), eq(couponRedemptions.couponCode, 'OPEN10')));
    expect(open10?.appliedInvoiceNumber).toBe(firstRenewal?.invoiceNumber);
    expect(afterFirst.nextAmountCents).toBe(5996);
    expect(afterFirst.couponsApplied.map((coupon) => coupon.couponId)).toEqual(['TEAMONLY']);

    expect((await renew(teamsPlan.referenceId)).status).toBe(200);
    const afterSecond = v.parse(BillingOverview, (await overviewOf(teamsPlan.referenceId, cookies.owner)).json);
    expect(afterSecond.invoices.map((invoice) => invoice.totalCents)).toEqual([5996, 5246, 7495]);
  });

  it('never lets a discount take an invoice below zero', async () => {
    const account = strangersPlan.billingAccountCode ?? '';
    const redeemed = await redeem(cookies.stranger, {
      accountId: account,
      subscriptionId: strangersPlan.referenceId,
      couponId: 'HUGE',
    });
    expect(redeemed.status).toBe(201);
    const overview = v.parse(BillingOverview, (await overviewOf(strangersPlan.referenceId, cookies.stranger)).json);
    expect(overview.nextAmountCents).toBe(0);
    expect((await renew(strangersPlan.referenceId)).status).toBe(200);
    const [renewal] = v.parse(
      BillingOverview,
      (await overviewOf(strangersPlan.referenceId, cookies.stranger)).json,
    ).invoices;
    expect(renewal).toMatchObject({ reason: 'renewal', totalCents: 0 });
    const lines = await portal.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceNumber, renewal?.invoiceNumber ?? 0));
    expect(lines.map((line) => line.amountCents).sort((a, b) => a - b)).toEqual([-999, 999]);
  });
});

describe('which coupons an owner sees and may combine (issue 21)', () => {
  let plan: typeof subscriptions.$inferSelect;
  let owner: string;

  beforeAll(async () => {
    await portal.createUser('chooser@example.com', password);
    plan = await buy(portal, { accountEmail: 'chooser@example.com', planCode: 'personal-monthly' });
    owner = await portal.signIn('chooser@example.com', password);
    await portal.db.insert(coupons).values([
      { code: 'PRIVATE15', name: 'For one partner', percentOff: 15, duration: 'once' },
      { code: 'EURO5', name: '€5 off', amountOffCents: 500, currency: 'EUR', duration: 'once', public: true },
      { code: 'ALONE', name: 'Alone: 20% off', percentOff: 20, duration: 'once', public: true },
    ]);
  });

  const request = (couponId: string) => ({
    accountId: plan.billingAccountCode ?? '',
    subscriptionId: plan.referenceId,
    couponId,
  });
  const listed = async () =>
    v.parse(CouponList, (await couponsOf(plan.referenceId, owner)).json).coupons.map((coupon) => coupon.couponId);

  it('lists only public coupons; one that is not is redeemed by its code alone', async () => {
    expect(await listed()).not.toContain('PRIVATE15');
    expect((await redeem(owner, request('PRIVATE15'))).status).toBe(201);
  });

  it('offers and takes a fixed amount only in the plan’s currency', async () => {
    expect(await listed()).not.toContain('EURO5');
    const refused = await redeem(owner, request('EURO5'));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(SubscriptionMessage.couponNotApplicable);
  });

  it('does not stack a coupon on another unless both may be combined', async () => {
    // PRIVATE15 is in effect (the test before redeemed it), and neither is stackable.
    expect(await listed()).not.toContain('ALONE');
    const refused = await redeem(owner, request('ALONE'));
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(SubscriptionMessage.couponNotCombinable);
    const inEffect = await portal.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.subscriptionId, plan.id));
    expect(inEffect.map((row) => row.couponCode)).toEqual(['PRIVATE15']);
  });

  it('slows an account trying codes: the limit’s next try gets 429, right or wrong', async () => {
    const { limit } = couponLimits.redemptionsPerAccount;
    // The three tries above counted.
    for (let index = 3; index < limit; index += 1) {
      expect((await redeem(owner, request(`GUESS${index}`))).status).toBe(404);
    }
    const limited = await redeem(owner, request('ALONE'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

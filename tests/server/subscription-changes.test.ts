// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import {
  SeatsPreview,
  SubscriptionChangeResponse,
  SubscriptionMessage,
  UpgradePreview,
} from '../../contract/subscriptions';
import { billingAccounts, invoiceLines, subscriptions, users } from '../../server/db/schema';
import { demoAccounts, demoPassword, seedDemoAccounts } from '../../server/db/seed-demo';
import {
  type Cast,
  createCast,
  createTeam,
  insertCatalogue,
  insertPaidPeriod,
  insertSubscription,
  invoicesOf,
  type Person,
  password,
  subscriptionRow,
} from './billing-fixtures';
import { startTestPortal, type TestPortal, testDate, testIso } from './support';
import { addMember } from './team-fixtures';

let portal: TestPortal;
let cast: Cast;
const startOfTests = testDate('2026-11-22T12:00:00Z');

beforeAll(async () => {
  // Periods end hours later on the test clock, with the people's sessions still in use.
  portal = await startTestPortal({ SESSION_IDLE_MINUTES: '1440' });
  await insertCatalogue(portal);
  cast = await createCast(portal, 'changes');
});
afterAll(() => portal.close());

const hour = 3600 * 1000;
const day = 24 * hour;

function teamsSubscription(fields: Partial<Parameters<typeof insertSubscription>[1]> = {}) {
  return insertSubscription(portal, {
    ownerId: cast.owner.id,
    teamId: cast.teamId,
    planCode: 'teams-yearly',
    quantity: 10,
    billingAccountCode: cast.accountCode,
    ...fields,
  });
}

function personalSubscription(fields: Partial<Parameters<typeof insertSubscription>[1]> = {}) {
  return insertSubscription(portal, {
    ownerId: cast.owner.id,
    planCode: 'personal-monthly',
    billingAccountCode: cast.accountCode,
    ...fields,
  });
}

const path = (referenceId: string, below = '') => `${api.subscription(referenceId)}${below}`;

function upgradeBody(who: Person, referenceId: string, newPlanCode: string, quantity = 1) {
  return {
    userid: who.id,
    email: who.email,
    referenceId,
    storeType: 'web',
    newPlanCode,
    quantity,
    prorate: true,
    blackfriday24Eligible: false,
  };
}

/** Every change of the spec, as `who` would send it. */
function everyChange(referenceId: string, who: Person) {
  return [
    { name: 'cancel', method: 'DELETE', path: path(referenceId) },
    { name: 'uncancel', method: 'PUT', path: path(referenceId, '/uncancel') },
    { name: 'seats', method: 'PUT', path: path(referenceId, '/quantity'), json: { quantity: 12 } },
    {
      name: 'upgrade preview',
      method: 'POST',
      path: path(referenceId, '/upgrade-preview'),
      json: { newPlanCode: 'teams-3year', quantity: 10, blackfriday24Eligible: false },
    },
    {
      name: 'upgrade',
      method: 'PUT',
      path: path(referenceId),
      json: upgradeBody(who, referenceId, 'teams-3year', 10),
    },
    { name: 'Black Friday delisting', method: 'DELETE', path: path(referenceId, '/blackfriday24') },
  ];
}

async function invoiceCount(subscriptionId: string) {
  return (await invoicesOf(portal, subscriptionId)).length;
}

describe('who may change a subscription', () => {
  it.each([
    ['a team admin', 'admin', 403],
    ['a team user', 'teamUser', 403],
    ['a stranger', 'stranger', 404],
  ] as const)('refuses %s every change, and nothing changes', async (_label, role, status) => {
    const subscription = await teamsSubscription({ blackfriday24Eligible: true });
    const who = cast[role];
    for (const change of everyChange(subscription.referenceId, who)) {
      const response = await portal.request(change.path, {
        method: change.method,
        json: change.json,
        cookie: who.cookie,
      });
      expect({ change: change.name, status: response.status }).toEqual({ change: change.name, status });
      expect(response.json).toEqual(
        status === 403
          ? { error: 'forbidden', message: SubscriptionMessage.notOwner }
          : { error: 'not_found', message: 'Not found.' },
      );
    }
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
    expect(await invoiceCount(subscription.id)).toBe(0);
  });

  it('answers 404 for an id that does not exist, and 401 without a session', async () => {
    for (const change of everyChange('no-such-subscription', cast.owner)) {
      const response = await portal.request(change.path, {
        method: change.method,
        json: change.json,
        cookie: cast.owner.cookie,
      });
      expect({ change: change.name, status: response.status }).toEqual({ change: change.name, status: 404 });
      const anonymous = await portal.request(change.path, { method: change.method, json: change.json });
      expect({ change: change.name, status: anonymous.status }).toEqual({ change: change.name, status: 401 });
    }
  });

  it('lets the owner make every change', async () => {
    const subscription = await teamsSubscription({ blackfriday24Eligible: true });
    const expected = [200, 200, 202, 200, 200, 204];
    const statuses = [];
    for (const change of everyChange(subscription.referenceId, cast.owner)) {
      const response = await portal.request(change.path, {
        method: change.method,
        json: change.json,
        cookie: cast.owner.cookie,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(expected);
    expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({
      state: 'active',
      planCode: 'teams-3year',
      quantity: 10,
      blackfriday24DelistedAt: startOfTests,
    });
  });
});

describe('bad bodies', () => {
  it.each([
    ['seats as text', '/quantity', 'PUT', { quantity: 'three' }],
    ['no seats', '/quantity', 'PUT', { quantity: 0 }],
    ['half a seat', '/quantity', 'PUT', { quantity: 1.5 }],
    ['more seats than any plan', '/quantity', 'PUT', { quantity: 1001 }],
    ['a missing quantity', '/quantity', 'PUT', {}],
    ['an unknown cancel reason', '', 'DELETE', { reason: 'bored' }],
    ['a cancel note too long', '', 'DELETE', { reason: 'other', note: 'x'.repeat(501) }],
    ['a preview without a plan', '/upgrade-preview', 'POST', { quantity: 1, blackfriday24Eligible: false }],
    ['an upgrade without proration', '', 'PUT', { newPlanCode: 'teams-3year', quantity: 10, prorate: false }],
  ])('refuses %s with 400, and nothing changes', async (_label, below, method, json) => {
    const subscription = await teamsSubscription();
    const response = await portal.request(path(subscription.referenceId, below), {
      method,
      json,
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'validation_failed', message: expect.any(String) });
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
  });

  it('refuses a body that is not JSON', async () => {
    const subscription = await teamsSubscription();
    const response = await portal.request(path(subscription.referenceId, '/quantity'), {
      method: 'PUT',
      body: '{"quantity":',
      headers: { 'content-type': 'application/json' },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe('malformed_json');
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
  });

  it('refuses an upgrade in the name of someone else, or of another subscription', async () => {
    const subscription = await teamsSubscription();
    const someoneElse = await portal.request(path(subscription.referenceId), {
      method: 'PUT',
      json: upgradeBody(cast.admin, subscription.referenceId, 'teams-3year', 10),
      cookie: cast.owner.cookie,
    });
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.json).toEqual({ error: 'forbidden', message: SubscriptionMessage.notYourAccount });
    const otherSubscription = await portal.request(path(subscription.referenceId), {
      method: 'PUT',
      json: upgradeBody(cast.owner, 'another-subscription', 'teams-3year', 10),
      cookie: cast.owner.cookie,
    });
    expect(otherSubscription.status).toBe(400);
    expect(otherSubscription.json.error).toBe('validation_failed');
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
    expect(await invoiceCount(subscription.id)).toBe(0);
  });
});

describe('cancel and uncancel', () => {
  it('cancels without a body, keeping the subscription until its period ends', async () => {
    const subscription = await personalSubscription();
    const response = await portal.request(path(subscription.referenceId), {
      method: 'DELETE',
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(200);
    expect(v.parse(SubscriptionChangeResponse, response.json)).toEqual({
      success: true,
      state: 'canceled',
      planCode: 'personal-monthly',
      quantity: 1,
      renewalQuantity: null,
      invoiceNumber: null,
    });
    expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({
      state: 'canceled',
      canceledAt: startOfTests,
      cancelReason: null,
      cancelNote: null,
      currentPeriodEnd: subscription.currentPeriodEnd,
    });
  });

  it('keeps the reason and the note, and forgets them when uncanceled', async () => {
    const subscription = await personalSubscription();
    const canceled = await portal.request(path(subscription.referenceId), {
      method: 'DELETE',
      json: { reason: 'switchedService', note: '  Moved to a cheaper plan elsewhere.  ' },
      cookie: cast.owner.cookie,
    });
    expect(canceled.status).toBe(200);
    expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({
      state: 'canceled',
      cancelReason: 'switchedService',
      cancelNote: 'Moved to a cheaper plan elsewhere.',
    });

    const again = await portal.request(path(subscription.referenceId), { method: 'DELETE', cookie: cast.owner.cookie });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.notActive });

    const uncanceled = await portal.request(path(subscription.referenceId, '/uncancel'), {
      method: 'PUT',
      cookie: cast.owner.cookie,
    });
    expect(uncanceled.status).toBe(200);
    expect(uncanceled.json).toMatchObject({ success: true, state: 'active' });
    expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({
      state: 'active',
      canceledAt: null,
      cancelReason: null,
      cancelNote: null,
    });

    const twice = await portal.request(path(subscription.referenceId, '/uncancel'), {
      method: 'PUT',
      cookie: cast.owner.cookie,
    });
    expect(twice.status).toBe(400);
    expect(twice.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.notCanceled });
  });

  it('does not cancel a plan that cannot be canceled, nor an expired subscription', async () => {
    const oneTime = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      planCode: 'router-lifetime',
      currentPeriodEnd: null,
    });
    const refused = await portal.request(path(oneTime.referenceId), { method: 'DELETE', cookie: cast.owner.cookie });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.notCancelable });
    expect(await subscriptionRow(portal, oneTime.referenceId)).toEqual(oneTime);

    const expired = await personalSubscription({ state: 'expired' });
    const late = await portal.request(path(expired.referenceId), { method: 'DELETE', cookie: cast.owner.cookie });
    expect(late.status).toBe(400);
    expect(late.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.expired });
    expect(await subscriptionRow(portal, expired.referenceId)).toEqual(expired);
  });

  it('uncancels until the period ends, and not after', async () => {
    const subscription = await personalSubscription({ currentPeriodEnd: new Date(startOfTests.getTime() + hour) });
    expect(
      (await portal.request(path(subscription.referenceId), { method: 'DELETE', cookie: cast.owner.cookie })).status,
    ).toBe(200);
    const canceled = await subscriptionRow(portal, subscription.referenceId);
    portal.clock.current = new Date(startOfTests.getTime() + 2 * hour);
    try {
      const response = await portal.request(path(subscription.referenceId, '/uncancel'), {
        method: 'PUT',
        cookie: cast.owner.cookie,
      });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.expired });
      expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(canceled);
    } finally {
      portal.clock.current = startOfTests;
    }
  });
});

describe('seats', () => {
  async function setSeats(referenceId: string, quantity: number) {
    return portal.request(path(referenceId, '/quantity'), {
      method: 'PUT',
      json: { quantity },
      cookie: cast.owner.cookie,
    });
  }

  it('accepts any number from the seats in use to the plan maximum, answering 202', async () => {
    // The owner, the admin and the user of the cast's team: three seats in use; 10 paid for.
    const subscription = await teamsSubscription();
    await insertPaidPeriod(portal, subscription);
    // Fewer seats wait for the renewal and take no credit; back to the 10 paid for costs nothing.
    for (const [quantity, renewalQuantity] of [
      [3, 3],
      [10, null],
    ] as const) {
      const response = await setSeats(subscription.referenceId, quantity);
      expect(response.status).toBe(202);
      expect(v.parse(SubscriptionChangeResponse, response.json)).toEqual({
        success: true,
        state: 'active',
        planCode: 'teams-yearly',
        quantity: 10,
        renewalQuantity,
        invoiceNumber: null,
      });
      expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({ quantity: 10, renewalQuantity });
    }
    expect(await invoiceCount(subscription.id)).toBe(1);
    const response = await setSeats(subscription.referenceId, 500);
    expect(response.status).toBe(202);
    expect(v.parse(SubscriptionChangeResponse, response.json)).toMatchObject({
      quantity: 500,
      invoiceNumber: expect.any(Number),
    });
  });

  it('prices a change before it is made, and charges the seats added beyond those paid, for the rest of the period', async () => {
    // Half of a yearly period left, paid for 10 seats.
    const subscription = await teamsSubscription({
      currentPeriodStart: new Date(startOfTests.getTime() - 184 * day),
      currentPeriodEnd: new Date(startOfTests.getTime() + 184 * day),
    });
    await insertPaidPeriod(portal, subscription);
    const preview = await portal.request(path(subscription.referenceId, '/quantity-preview'), {
      json: { quantity: 12 },
      cookie: cast.owner.cookie,
    });
    expect(preview.status).toBe(200);
    expect(v.parse(SeatsPreview, preview.json)).toEqual({
      quantity: 12,
      currency: 'USD',
      recurringCents: 12 * 14999,
      // 2 × $149.99 × ½
      dueNowCents: 14999,
      paidSeats: 10,
      periodEnd: subscription.currentPeriodEnd?.toISOString(),
      effectiveAt: null,
    });
    // The preview changes nothing.
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);

    const change = v.parse(SubscriptionChangeResponse, (await setSeats(subscription.referenceId, 12)).json);
    const seatsInvoice = (await invoicesOf(portal, subscription.id)).at(-1);
    expect(seatsInvoice).toMatchObject({
      number: change.invoiceNumber,
      reason: 'seats',
      issuedAt: startOfTests,
      periodStart: startOfTests,
      periodEnd: subscription.currentPeriodEnd,
      totalCents: 14999,
    });
    expect(seatsInvoice?.lines).toMatchObject([
      { kind: 'plan', description: 'Teams, yearly', quantity: 2, amountCents: 14999 },
    ]);

    // Those 12 are paid for now: down to 10 (at renewal) and back up costs nothing more, 13 one seat.
    expect(
      v.parse(SubscriptionChangeResponse, (await setSeats(subscription.referenceId, 10)).json).invoiceNumber,
    ).toBeNull();
    expect(
      v.parse(SubscriptionChangeResponse, (await setSeats(subscription.referenceId, 12)).json).invoiceNumber,
    ).toBeNull();
    const thirteen = await portal.request(path(subscription.referenceId, '/quantity-preview'), {
      json: { quantity: 13 },
      cookie: cast.owner.cookie,
    });
    expect(v.parse(SeatsPreview, thirteen.json)).toMatchObject({ paidSeats: 12, dueNowCents: 7500 });
  });

  it('refuses a preview of seats the plan does not allow, and shows it to nobody but the owner', async () => {
    const subscription = await teamsSubscription();
    const tooMany = await portal.request(path(subscription.referenceId, '/quantity-preview'), {
      json: { quantity: 501 },
      cookie: cast.owner.cookie,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.quantityAboveMaximum });
    const byAdmin = await portal.request(path(subscription.referenceId, '/quantity-preview'), {
      json: { quantity: 12 },
      cookie: cast.admin.cookie,
    });
    expect(byAdmin.status).toBe(403);
  });

  it.each([
    [2, SubscriptionMessage.quantityBelowSeatsInUse],
    [501, SubscriptionMessage.quantityAboveMaximum],
  ])('refuses %i seats when three are in use and the plan allows 500', async (quantity, message) => {
    const subscription = await teamsSubscription();
    const response = await setSeats(subscription.referenceId, quantity);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'subscription_refused', message });
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
  });

  it('counts the owner as a seat in use even when not a member of the team', async () => {
    const teamId = await createTeam(portal, [{ userId: cast.admin.id, role: 'admin' }]);
    const subscription = await teamsSubscription({ teamId });
    expect((await setSeats(subscription.referenceId, 1)).status).toBe(400);
    expect((await setSeats(subscription.referenceId, 2)).status).toBe(202);
  });

  it('comes down to one seat, below the plan minimum, when only the owner uses it', async () => {
    const subscription = await teamsSubscription({ teamId: null });
    const response = await setSeats(subscription.referenceId, 1);
    expect(response.status).toBe(202);
    expect(response.json.renewalQuantity).toBe(1);
  });

  it('takes fewer seats at the renewal, which bills them: nothing refunded now, never below the seats then in use', async () => {
    // A team of its own, with only its owner in it: one seat in use.
    const teamId = await createTeam(portal, [{ userId: cast.owner.id, role: 'admin' }]);
    const subscription = await teamsSubscription({ teamId });
    await insertPaidPeriod(portal, subscription);
    const preview = await portal.request(path(subscription.referenceId, '/quantity-preview'), {
      json: { quantity: 2 },
      cookie: cast.owner.cookie,
    });
    expect(v.parse(SeatsPreview, preview.json)).toMatchObject({
      recurringCents: 2 * 14999,
      dueNowCents: 0,
      effectiveAt: subscription.currentPeriodEnd?.toISOString(),
    });
    expect((await setSeats(subscription.referenceId, 2)).json).toMatchObject({ quantity: 10, renewalQuantity: 2 });
    // The billing page's next charge is the renewal's: 2 seats.
    const billing = await portal.request(`${api.billing}?referenceId=${subscription.referenceId}`, {
      cookie: cast.owner.cookie,
    });
    expect(billing.json).toMatchObject({ quantity: 10, nextAmountCents: 2 * 14999 });
    // Until the renewal the 10 seats paid for stay: the team may grow past 2 meanwhile.
    for (const email of ['renewal-seats.first@example.test', 'renewal-seats.second@example.test'])
      expect((await addMember(portal, cast.owner, subscription.referenceId, { email })).status).toBeLessThan(300);
    // The period ends; the renewal bills the 3 seats then in use, not the 2 asked for.
    const end = new Date(portal.clock.current.getTime() - 1000);
    await portal.db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.id, subscription.id));
    await portal.services.billing.processPeriodEnds();
    expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({
      quantity: 3,
      renewalQuantity: null,
      currentPeriodStart: end,
    });
    const renewal = (await invoicesOf(portal, subscription.id)).at(-1);
    expect(renewal).toMatchObject({ reason: 'renewal', periodStart: end });
    expect(renewal?.lines).toMatchObject([{ kind: 'plan', quantity: 3, amountCents: 3 * 14999 }]);
  });

  it.each([
    ['a families plan', 'families-monthly'],
    ['a personal plan', 'personal-monthly'],
  ])('keeps %s at its fixed seats', async (_label, planCode) => {
    const subscription = await insertSubscription(portal, { ownerId: cast.owner.id, planCode, teamId: cast.teamId });
    for (const quantity of [1, 2]) {
      const response = await setSeats(subscription.referenceId, quantity);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.quantityFixed });
    }
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
  });

  it('changes no seats of an expired subscription', async () => {
    const subscription = await teamsSubscription({ state: 'expired' });
    const response = await setSeats(subscription.referenceId, 20);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.expired });
  });
});

describe('the upgrade preview', () => {
  async function preview(referenceId: string, json: Record<string, unknown>) {
    const response = await portal.request(path(referenceId, '/upgrade-preview'), { json, cookie: cast.owner.cookie });
    return { ...response, preview: response.status === 200 ? v.parse(UpgradePreview, response.json) : null };
  }

  it('charges the new plan for the seats and credits the unused half of a yearly period, to the cent', async () => {
    // 184 days used, 184 days left.
    const subscription = await teamsSubscription({
      currentPeriodStart: new Date(startOfTests.getTime() - 184 * day),
      currentPeriodEnd: new Date(startOfTests.getTime() + 184 * day),
    });
    await insertPaidPeriod(portal, subscription);
    const response = await preview(subscription.referenceId, {
      newPlanCode: 'teams-3year',
      quantity: 10,
      blackfriday24Eligible: false,
    });
    expect(response.status).toBe(200);
    expect(response.preview).toEqual({
      planCode: 'teams-3year',
      quantity: 10,
      currency: 'USD',
      lines: [
        { kind: 'plan', description: 'Teams, three years', quantity: 10, amountCents: 359990 },
        // 149.99 × 10 × ½
        { kind: 'prorationCredit', description: 'Teams, yearly', quantity: 10, amountCents: -74995 },
      ],
      totalCents: 284995,
      nextBillingDate: testIso('2029-11-22T12:00:00.000Z'),
    });
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
    expect(await invoiceCount(subscription.id)).toBe(1);
  });

  it('rounds the credit to the cent and takes the Black Friday price where it is offered and asked for', async () => {
    // A third of the period left: 89.99 ÷ 3 = 29.9966… → 30.00.
    const periodTimes = {
      currentPeriodStart: new Date(startOfTests.getTime() - 20 * day),
      currentPeriodEnd: new Date(startOfTests.getTime() + 10 * day),
    };
    const eligible = await personalSubscription({
      planCode: 'personal-yearly',
      blackfriday24Eligible: true,
      ...periodTimes,
    });
    const delisted = await personalSubscription({
      planCode: 'personal-yearly',
      blackfriday24Eligible: true,
      blackfriday24DelistedAt: startOfTests,
      ...periodTimes,
    });
    await insertPaidPeriod(portal, eligible);
    await insertPaidPeriod(portal, delisted);
    const totalOf = async (referenceId: string, blackfriday24Eligible: boolean) =>
      (await preview(referenceId, { newPlanCode: 'personal-3year', quantity: 1, blackfriday24Eligible })).preview;

    const promotional = await totalOf(eligible.referenceId, true);
    expect(promotional?.lines).toEqual([
      { kind: 'plan', description: 'Personal, three years', quantity: 1, amountCents: 13999 },
      { kind: 'prorationCredit', description: 'Personal, yearly', quantity: 1, amountCents: -3000 },
    ]);
    expect(promotional?.totalCents).toBe(10999);
    expect((await totalOf(eligible.referenceId, false))?.totalCents).toBe(16999);
    expect((await totalOf(delisted.referenceId, true))?.totalCents).toBe(16999);
  });

  it('credits nothing when the period has already ended', async () => {
    const subscription = await personalSubscription({
      currentPeriodStart: new Date(startOfTests.getTime() - 40 * day),
      currentPeriodEnd: new Date(startOfTests.getTime() - 10 * day),
    });
    const { preview: result } = await preview(subscription.referenceId, {
      newPlanCode: 'personal-yearly',
      quantity: 1,
      blackfriday24Eligible: false,
    });
    expect(result?.lines).toEqual([{ kind: 'plan', description: 'Personal, yearly', quantity: 1, amountCents: 8999 }]);
    expect(result?.totalCents).toBe(8999);
    expect(result?.nextBillingDate).toBe(testIso('2027-11-22T12:00:00.000Z'));
  });

  it('takes one seat for a families plan, whatever was asked', async () => {
    const subscription = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      planCode: 'families-monthly',
      teamId: cast.teamId,
    });
    const { preview: result } = await preview(subscription.referenceId, {
      newPlanCode: 'families-yearly',
      quantity: 4,
      blackfriday24Eligible: false,
    });
    expect(result?.quantity).toBe(1);
    expect(result?.lines[0]).toEqual({
      kind: 'plan',
      description: 'Families, yearly',
      quantity: 1,
      amountCents: 19999,
    });
  });

  it.each([
    ['below the plan minimum', { newPlanCode: 'teams-3year', quantity: 1 }, SubscriptionMessage.quantityBelowMinimum],
    [
      'below the seats in use',
      { newPlanCode: 'teams-3year', quantity: 2 },
      SubscriptionMessage.quantityBelowSeatsInUse,
    ],
    ['above the plan maximum', { newPlanCode: 'teams-3year', quantity: 501 }, SubscriptionMessage.quantityAboveMaximum],
    ['a plan not offered', { newPlanCode: 'personal-3year', quantity: 10 }, SubscriptionMessage.notAnUpgradeOption],
    ['an unknown plan', { newPlanCode: 'teams-forever', quantity: 10 }, SubscriptionMessage.notAnUpgradeOption],
  ])('refuses %s', async (_label, request, message) => {
    const subscription = await teamsSubscription();
    const response = await preview(subscription.referenceId, { ...request, blackfriday24Eligible: false });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'subscription_refused', message });
  });
});

describe('the upgrade credit: what was paid for the rest of the period', () => {
  const seats = (referenceId: string, quantity: number) =>
    portal.request(path(referenceId, '/quantity'), { method: 'PUT', json: { quantity }, cookie: cast.owner.cookie });
  const preview = async (referenceId: string, quantity: number) =>
    v.parse(
      UpgradePreview,
      (
        await portal.request(path(referenceId, '/upgrade-preview'), {
          json: { newPlanCode: 'teams-3year', quantity, blackfriday24Eligible: false },
          cookie: cast.owner.cookie,
        })
      ).json,
    );

  it('is the same however many seats were set since: 2 seats of teams-yearly just paid for upgrade for $420', async () => {
    // Paid today for a year: 2 × $149.99. Three years for 2 seats is 2 × $359.99.
    const subscription = await teamsSubscription({
      teamId: null,
      quantity: 2,
      currentPeriodStart: startOfTests,
      currentPeriodEnd: new Date(startOfTests.getTime() + 365 * day),
    });
    await insertPaidPeriod(portal, subscription);
    expect((await preview(subscription.referenceId, 2)).totalCents).toBe(42000);

    // 500 seats set without a charge, as the portal allowed before seats were priced.
    await portal.db.update(subscriptions).set({ quantity: 500 }).where(eq(subscriptions.id, subscription.id));
    const after = await preview(subscription.referenceId, 2);
    expect(after.lines).toEqual([
      { kind: 'plan', description: 'Teams, three years', quantity: 2, amountCents: 71998 },
      { kind: 'prorationCredit', description: 'Teams, yearly', quantity: 2, amountCents: -29998 },
    ]);
    expect(after.totalCents).toBe(42000);

    const response = await portal.request(path(subscription.referenceId), {
      method: 'PUT',
      json: upgradeBody(cast.owner, subscription.referenceId, 'teams-3year', 2),
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(200);
    const upgradeInvoice = (await invoicesOf(portal, subscription.id)).at(-1);
    expect(upgradeInvoice?.totalCents).toBe(42000);
  });

  it('gives the demo team owner credit for the 10 seats paid for, and for 2 more only once they are paid', async () => {
    const demo = await startTestPortal();
    try {
      await seedDemoAccounts(demo.db, () => demo.clock.current);
      const owner = await demo.signIn(demoAccounts.teamOwner, demoPassword);
      const referenceId = 'demo-teams-yearly';
      const creditOf = async () => {
        const answer = await demo.request(path(referenceId, '/upgrade-preview'), {
          json: { newPlanCode: 'teams-3year', quantity: 12, blackfriday24Eligible: false },
          cookie: owner,
        });
        const lines = v.parse(UpgradePreview, answer.json).lines;
        return lines.filter((line) => line.kind === 'prorationCredit').reduce((sum, line) => sum + line.amountCents, 0);
      };
      const paidForTen = await creditOf();
      expect(paidForTen).toBeLessThan(0);
      // The review's path: 10 → 12 seats, then the upgrade. The 2 seats are now charged first ($271
      // or so for the rest of the year), and only what was charged comes back as credit.
      const seatsPreview = v.parse(
        SeatsPreview,
        (await demo.request(path(referenceId, '/quantity-preview'), { json: { quantity: 12 }, cookie: owner })).json,
      );
      expect(seatsPreview.dueNowCents).toBeGreaterThan(0);
      const change = await demo.request(path(referenceId, '/quantity'), {
        method: 'PUT',
        json: { quantity: 12 },
        cookie: owner,
      });
      expect(v.parse(SubscriptionChangeResponse, change.json).invoiceNumber).not.toBeNull();
      const paidForTwelve = await creditOf();
      expect(Math.abs(paidForTwelve - (paidForTen - seatsPreview.dueNowCents))).toBeLessThanOrEqual(1);
    } finally {
      await demo.close();
    }
  });

  it('credits what the invoices charged: the period after its coupon, and the seats added since', async () => {
    // Half of a yearly period left, paid for 10 seats less a $5 coupon; 2 seats added now.
    const subscription = await teamsSubscription({
      currentPeriodStart: new Date(startOfTests.getTime() - 184 * day),
      currentPeriodEnd: new Date(startOfTests.getTime() + 184 * day),
    });
    await insertPaidPeriod(portal, subscription, [
      { kind: 'plan', description: 'Teams, yearly', quantity: 10, amountCents: 149990 },
      { kind: 'couponDiscount', description: 'Five off', quantity: 1, amountCents: -500 },
    ]);
    expect((await seats(subscription.referenceId, 12)).status).toBe(202);
    const { lines, totalCents } = await preview(subscription.referenceId, 12);
    // ½ × $1,494.90 and the $149.99 just paid for 2 seats' half year; not ½ × 12 × $149.99 ($899.94).
    expect(lines[1]).toEqual({
      kind: 'prorationCredit',
      description: 'Teams, yearly',
      quantity: 12,
      amountCents: -(74745 + 14999),
    });
    expect(totalCents).toBe(12 * 35999 - 74745 - 14999);
  });

  it('credits nothing for a period no invoice paid for', async () => {
    const subscription = await teamsSubscription({
      currentPeriodStart: new Date(startOfTests.getTime() - 184 * day),
      currentPeriodEnd: new Date(startOfTests.getTime() + 184 * day),
    });
    const { lines } = await preview(subscription.referenceId, 10);
    expect(lines.map((line) => line.kind)).toEqual(['plan']);
  });

  it("counts an earlier upgrade's credit once: the plan it paid for, not the credit carried into it", async () => {
    const subscription = await teamsSubscription({
      teamId: null,
      quantity: 2,
      currentPeriodStart: startOfTests,
      currentPeriodEnd: new Date(startOfTests.getTime() + 365 * day),
    });
    // An upgrade invoice of this period: the plan less a credit from the period before.
    await insertPaidPeriod(portal, subscription, [
      { kind: 'plan', description: 'Teams, yearly', quantity: 2, amountCents: 29998 },
    ]);
    await portal.db.insert(invoiceLines).values({
      invoiceNumber: (await invoicesOf(portal, subscription.id))[0]?.number ?? 0,
      position: 1,
      kind: 'prorationCredit',
      description: 'Teams, monthly',
      quantity: 2,
      amountCents: -2000,
    });
    expect((await preview(subscription.referenceId, 2)).lines[1]?.amountCents).toBe(-29998);
  });
});

describe('the upgrade', () => {
  async function upgrade(referenceId: string, newPlanCode: string, quantity = 1) {
    return portal.request(path(referenceId), {
      method: 'PUT',
      json: upgradeBody(cast.owner, referenceId, newPlanCode, quantity),
      cookie: cast.owner.cookie,
    });
  }

  it('moves to the new plan with a new period and an invoice of the previewed lines', async () => {
    const subscription = await teamsSubscription({
      currentPeriodStart: new Date(startOfTests.getTime() - 184 * day),
      currentPeriodEnd: new Date(startOfTests.getTime() + 184 * day),
    });
    const paidPeriod = await insertPaidPeriod(portal, subscription);
    const preview = await portal.request(path(subscription.referenceId, '/upgrade-preview'), {
      json: { newPlanCode: 'teams-3year', quantity: 12, blackfriday24Eligible: false },
      cookie: cast.owner.cookie,
    });
    const response = await upgrade(subscription.referenceId, 'teams-3year', 12);
    expect(response.status).toBe(200);
    const change = v.parse(SubscriptionChangeResponse, response.json);
    expect(change).toEqual({
      success: true,
      state: 'active',
      planCode: 'teams-3year',
      quantity: 12,
      renewalQuantity: null,
      invoiceNumber: expect.any(Number),
    });
    expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({
      planCode: 'teams-3year',
      productName: 'Bonding Teams',
      type: 'teams',
      quantity: 12,
      state: 'active',
      currentPeriodStart: startOfTests,
      currentPeriodEnd: testDate('2029-11-22T12:00:00Z'),
      updatedAt: startOfTests,
    });
    const [paid, invoice, ...others] = await invoicesOf(portal, subscription.id);
    expect(paid?.number).toBe(paidPeriod);
    expect(others).toEqual([]);
    const previewed = v.parse(UpgradePreview, preview.json);
    expect(previewed.lines.map((line) => line.kind)).toEqual(['plan', 'prorationCredit']);
    expect(invoice).toMatchObject({
      number: change.invoiceNumber,
      accountCode: cast.accountCode,
      reason: 'upgrade',
      issuedAt: startOfTests,
      periodStart: startOfTests,
      periodEnd: testDate('2029-11-22T12:00:00Z'),
      currency: 'USD',
      totalCents: previewed.totalCents,
    });
    expect(
      invoice?.lines.map(({ kind, description, quantity, amountCents }) => ({
        kind,
        description,
        quantity,
        amountCents,
      })),
    ).toEqual(previewed.lines);
  });

  it('reactivates a canceled subscription', async () => {
    const subscription = await personalSubscription({
      state: 'canceled',
      canceledAt: startOfTests,
      cancelReason: 'tooExpensive',
    });
    const response = await upgrade(subscription.referenceId, 'personal-yearly');
    expect(response.status).toBe(200);
    expect(await subscriptionRow(portal, subscription.referenceId)).toMatchObject({
      state: 'active',
      planCode: 'personal-yearly',
      canceledAt: null,
      cancelReason: null,
    });
  });

  it('opens the owner a billing account under their account code when the subscription has none', async () => {
    const owner = await portal.createUser('no.account@example.test', password);
    await portal.db.update(users).set({ recurlyAccountCode: 'acct-no-account' }).where(eq(users.id, owner.id));
    const cookie = await portal.signIn(owner.email, password);
    const subscription = await insertSubscription(portal, { ownerId: owner.id, planCode: 'personal-monthly' });
    const response = await portal.request(path(subscription.referenceId), {
      method: 'PUT',
      json: upgradeBody({ id: owner.id, email: owner.email, cookie }, subscription.referenceId, 'personal-yearly'),
      cookie,
    });
    expect(response.status).toBe(200);
    expect(await portal.db.select().from(billingAccounts).where(eq(billingAccounts.userId, owner.id))).toEqual([
      expect.objectContaining({ code: 'acct-no-account' }),
    ]);
    expect((await subscriptionRow(portal, subscription.referenceId)).billingAccountCode).toBe('acct-no-account');
    expect((await invoicesOf(portal, subscription.id))[0]?.accountCode).toBe('acct-no-account');
  });

  it.each([
    ['a plan not offered', 'teams-yearly', 400, SubscriptionMessage.notAnUpgradeOption],
    ['the plan it already has', 'personal-monthly', 409, SubscriptionMessage.upgradeConflict],
  ])('refuses %s, and nothing changes', async (_label, planCode, status, message) => {
    const subscription = await personalSubscription();
    const response = await upgrade(subscription.referenceId, planCode);
    expect(response.status).toBe(status);
    expect(response.json.message).toBe(message);
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
    expect(await invoiceCount(subscription.id)).toBe(0);
  });

  it('upgrades no expired subscription', async () => {
    const subscription = await personalSubscription({ state: 'expired' });
    const response = await upgrade(subscription.referenceId, 'personal-yearly');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.expired });
    expect(await invoiceCount(subscription.id)).toBe(0);
  });
});

describe('the Black Friday delisting', () => {
  const delist = (referenceId: string) =>
    portal.request(path(referenceId, '/blackfriday24'), { method: 'DELETE', cookie: cast.owner.cookie });

  it('delists an offered Black Friday price once', async () => {
    const subscription = await personalSubscription({ planCode: 'personal-yearly', blackfriday24Eligible: true });
    const response = await delist(subscription.referenceId);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await subscriptionRow(portal, subscription.referenceId)).blackfriday24DelistedAt).toEqual(startOfTests);
    const again = await delist(subscription.referenceId);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'subscription_refused', message: SubscriptionMessage.blackFridayNotOffered });
  });

  it('refuses a subscription that is not offered it', async () => {
    const subscription = await personalSubscription();
    const response = await delist(subscription.referenceId);
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(SubscriptionMessage.blackFridayNotOffered);
    expect(await subscriptionRow(portal, subscription.referenceId)).toEqual(subscription);
  });
});

// @vitest-environment node
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAccounts,
  billingEvents,
  invoiceLines,
  invoices,
  subscriptions,
  teamMembers,
  users,
} from '../../server/db/schema';
import { signBillingEvent, verifyBillingSignature } from '../../server/services/billing/event-signature';
import { buy, sendEvent, sendSignedBody } from './billing-support';
import { startTestPortal, type TestPortal, testDate, testIso, testKeyEncryptionKey } from './support';

/**
 * POST /api/billing/events: the order site's signed server-to-server call. Every refusal changes
 * nothing, and an event id is applied once.
 */

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

const created = (overrides: Record<string, unknown> = {}) => ({
  id: `evt-${crypto.randomUUID()}`,
  type: 'subscription.created',
  data: {
    referenceId: `sub-${crypto.randomUUID()}`,
    accountEmail: 'buyer@example.com',
    planCode: 'personal-monthly',
    ...overrides,
  },
});

async function recorded(eventId: string) {
  return portal.db.select().from(billingEvents).where(eq(billingEvents.eventId, eventId));
}

async function subscriptionOf(referenceId: string) {
  const [row] = await portal.db.select().from(subscriptions).where(eq(subscriptions.referenceId, referenceId));
  return row ?? null;
}

describe('a good event', () => {
  it('creates the subscription, its billing account and its purchase invoice', async () => {
    const user = await portal.createUser('buyer@example.com', 'correct horse battery');
    const event = created({ accountEmail: 'Buyer@Example.com' });
    const response = await sendEvent(portal, event);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ received: true, eventId: event.id });

    const subscription = await subscriptionOf(event.data.referenceId);
    expect(subscription).toMatchObject({
      ownerId: user.id,
      type: 'others',
      state: 'active',
      planCode: 'personal-monthly',
      productName: 'Bonding Personal',
      quantity: 1,
      teamId: null,
      currentPeriodStart: portal.clock.current,
      currentPeriodEnd: testDate('2026-12-22T12:00:00Z'),
    });
    const [account] = await portal.db.select().from(billingAccounts).where(eq(billingAccounts.userId, user.id));
    const [owner] = await portal.db.select().from(users).where(eq(users.id, user.id));
    expect(account?.code).toMatch(/^acct_[0-9a-f]{24}$/);
    expect(owner?.recurlyAccountCode).toBe(account?.code);
    expect(subscription?.billingAccountCode).toBe(account?.code);

    const [invoice] = await portal.db
      .select()
      .from(invoices)
      .where(eq(invoices.subscriptionId, subscription?.id ?? ''));
    expect(invoice).toMatchObject({ reason: 'purchase', totalCents: 999, currency: 'USD', accountCode: account?.code });
    const lines = await portal.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceNumber, invoice?.number ?? 0));
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'plan', description: 'Personal, monthly', quantity: 1, amountCents: 999 }),
    ]);
    expect(await recorded(event.id)).toHaveLength(1);
  });

  it('keeps an existing account code, and gives a teams plan a team with its owner as admin', async () => {
    const user = await portal.createUser('team.buyer@example.com', 'correct horse battery');
    await portal.db.update(users).set({ recurlyAccountCode: 'legacy-code-7' }).where(eq(users.id, user.id));
    const subscription = await buy(portal, {
      accountEmail: 'team.buyer@example.com',
      planCode: 'teams-yearly',
      quantity: 12,
      blackfriday24Eligible: true,
      purchasedAt: testIso('2026-01-31T09:00:00.000Z'),
    });
    expect(subscription).toMatchObject({
      type: 'teams',
      quantity: 12,
      billingAccountCode: 'legacy-code-7',
      blackfriday24Eligible: true,
      currentPeriodStart: testDate('2026-01-31T09:00:00Z'),
      currentPeriodEnd: testDate('2027-01-31T09:00:00Z'),
    });
    const members = await portal.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.teamId, subscription.teamId ?? -1));
    expect(members).toEqual([expect.objectContaining({ userId: user.id, role: 'admin' })]);
  });

  it('gives a families plan one seat, and a router plan the type others with no period end when one-time', async () => {
    await portal.createUser('family.buyer@example.com', 'correct horse battery');
    const family = await buy(portal, {
      accountEmail: 'family.buyer@example.com',
      planCode: 'families-monthly',
      quantity: 4,
    });
    expect(family).toMatchObject({ type: 'families', quantity: 1 });
    expect(family.teamId).not.toBeNull();
    const router = await buy(portal, { accountEmail: 'family.buyer@example.com', planCode: 'router-lifetime' });
    expect(router).toMatchObject({ type: 'others', currentPeriodEnd: null, teamId: null });
  });

  it('renews and expires a subscription', async () => {
    await portal.createUser('renewer@example.com', 'correct horse battery');
    const subscription = await buy(portal, { accountEmail: 'renewer@example.com', planCode: 'personal-monthly' });
    const renewed = await sendEvent(portal, {
      id: `evt-${crypto.randomUUID()}`,
      type: 'subscription.renewed',
      data: { referenceId: subscription.referenceId },
    });
    expect(renewed.status).toBe(200);
    expect(await subscriptionOf(subscription.referenceId)).toMatchObject({
      currentPeriodStart: testDate('2026-12-22T12:00:00Z'),
      currentPeriodEnd: testDate('2027-01-22T12:00:00Z'),
    });
    const reasons = await portal.db
      .select({ reason: invoices.reason })
      .from(invoices)
      .where(eq(invoices.subscriptionId, subscription.id));
    expect(reasons.map((row) => row.reason).sort()).toEqual(['purchase', 'renewal']);

    const expired = await sendEvent(portal, {
      id: `evt-${crypto.randomUUID()}`,
      type: 'subscription.expired',
      data: { referenceId: subscription.referenceId },
    });
    expect(expired.status).toBe(200);
    expect((await subscriptionOf(subscription.referenceId))?.state).toBe('expired');
  });
});

describe('refused events change nothing', () => {
  it('refuses a bad signature', async () => {
    const event = created();
    const forged = await sendEvent(portal, event, { secret: 'a-guessed-secret-that-is-long-enough-0000' });
    expect(forged.status).toBe(401);
    expect(forged.json.error).toBe('invalid_signature');
    const garbled = await sendEvent(portal, event, { signature: 'v1=00' });
    expect(garbled.json.error).toBe('invalid_signature');
    const unsigned = await portal.request('/api/billing/events', { json: event, origin: null });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json.error).toBe('invalid_signature');
    expect(await recorded(event.id)).toEqual([]);
    expect(await subscriptionOf(event.data.referenceId)).toBeNull();
  });

  it('refuses a body changed after signing', async () => {
    const event = created();
    const body = JSON.stringify(event);
    const timestampSeconds = Math.floor(portal.clock.current.getTime() / 1000);
    const signature = signBillingEvent(portal.env.billingWebhookSecret, timestampSeconds, body);
    const tampered = body.replace('personal-monthly', 'personal-3year');
    const response = await sendSignedBody(portal, tampered, { timestampSeconds, signature });
    expect(response.status).toBe(401);
    expect(await recorded(event.id)).toEqual([]);
  });

  it.each([
    ['old', -301],
    ['future', 301],
  ])('refuses an %s timestamp beyond five minutes, and accepts one within', async (_name, offsetSeconds) => {
    const nowSeconds = Math.floor(portal.clock.current.getTime() / 1000);
    const event = created({ accountEmail: 'buyer@example.com' });
    const stale = await sendEvent(portal, event, { timestampSeconds: nowSeconds + offsetSeconds });
    expect(stale.status).toBe(401);
    expect(stale.json.error).toBe('stale_event');
    expect(await recorded(event.id)).toEqual([]);
    expect(await subscriptionOf(event.data.referenceId)).toBeNull();

    const withinTolerance = await sendEvent(portal, event, {
      timestampSeconds: nowSeconds + Math.sign(offsetSeconds) * 299,
    });
    expect(withinTolerance.status).toBe(200);
  });

  it('answers a replay with 409 and changes nothing', async () => {
    await portal.createUser('replayer@example.com', 'correct horse battery');
    const subscription = await buy(portal, { accountEmail: 'replayer@example.com', planCode: 'personal-monthly' });
    const renewal = {
      id: `evt-${crypto.randomUUID()}`,
      type: 'subscription.renewed',
      data: { referenceId: subscription.referenceId },
    };
    expect((await sendEvent(portal, renewal)).status).toBe(200);
    const afterFirst = await subscriptionOf(subscription.referenceId);
    const invoicesAfterFirst = await portal.db
      .select()
      .from(invoices)
      .where(eq(invoices.subscriptionId, subscription.id));

    const replay = await sendEvent(portal, renewal);
    expect(replay.status).toBe(409);
    expect(replay.json.error).toBe('event_replayed');
    expect(await subscriptionOf(subscription.referenceId)).toEqual(afterFirst);
    expect(await portal.db.select().from(invoices).where(eq(invoices.subscriptionId, subscription.id))).toEqual(
      invoicesAfterFirst,
    );
  });

  it('answers two deliveries of one event at once with one 200 and one 409', async () => {
    await portal.createUser('twice@example.com', 'correct horse battery');
    const event = created({ accountEmail: 'twice@example.com' });
    const answers = await Promise.all([sendEvent(portal, event), sendEvent(portal, event)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await recorded(event.id)).toHaveLength(1);
  });

  it('refuses a malformed body, signed or not', async () => {
    const notJson = await sendSignedBody(portal, '{"id": "evt-1", "type":');
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toBe('malformed_json');

    const unknownType = await sendEvent(portal, { id: 'evt-odd', type: 'subscription.teleported', data: {} });
    expect(unknownType.status).toBe(400);
    expect(unknownType.json.error).toBe('validation_failed');

    const badReference = await sendEvent(portal, created({ referenceId: 'has spaces' }));
    expect(badReference.status).toBe(400);
    expect(badReference.json.error).toBe('validation_failed');
    expect(await recorded('evt-odd')).toEqual([]);
  });

  it('refuses an unknown account with a clear message and does not record the event', async () => {
    const event = created({ accountEmail: 'nobody.yet@example.com' });
    const refused = await sendEvent(portal, event);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/no account with this e-mail/i);
    expect(await recorded(event.id)).toEqual([]);
    expect(await subscriptionOf(event.data.referenceId)).toBeNull();

    // Not recorded, so the order site may send it again once the person has signed up.
    await portal.createUser('nobody.yet@example.com', 'correct horse battery');
    expect((await sendEvent(portal, event)).status).toBe(200);
  });

  it('attaches a purchase only to an account whose address was proved', async () => {
    // A team member added by an admin, who has not yet opened the mail that proves the address.
    const [waiting] = await portal.db
      .insert(users)
      .values({ email: 'not.proved@example.com', passwordHash: null, emailVerifiedAt: null })
      .returning();
    const event = created({ accountEmail: 'not.proved@example.com' });
    const refused = await sendEvent(portal, event);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/has not confirmed its address/i);
    expect(await recorded(event.id)).toEqual([]);
    expect(await subscriptionOf(event.data.referenceId)).toBeNull();

    await portal.db
      .update(users)
      .set({ emailVerifiedAt: portal.clock.current })
      .where(eq(users.id, waiting?.id ?? ''));
    expect((await sendEvent(portal, event)).status).toBe(200);
  });

  it('refuses an unknown plan, a taken reference id, and seats beyond the plan', async () => {
    await portal.createUser('picky@example.com', 'correct horse battery');
    const unknownPlan = await sendEvent(
      portal,
      created({ accountEmail: 'picky@example.com', planCode: 'gold-plated' }),
    );
    expect(unknownPlan.status).toBe(422);
    const first = await buy(portal, { accountEmail: 'picky@example.com', planCode: 'personal-monthly' });
    const taken = await sendEvent(
      portal,
      created({ accountEmail: 'picky@example.com', referenceId: first.referenceId }),
    );
    expect(taken.status).toBe(422);
    const tooMany = await sendEvent(
      portal,
      created({ accountEmail: 'picky@example.com', planCode: 'teams-monthly', quantity: 501 }),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.message).toBe('This plan allows no more seats.');
  });

  it('refuses a renewal of a subscription that does not exist', async () => {
    const response = await sendEvent(portal, {
      id: `evt-${crypto.randomUUID()}`,
      type: 'subscription.renewed',
      data: { referenceId: 'never-sold' },
    });
    expect(response.status).toBe(422);
  });
});

describe('the signature that scripts/billing-event.ts sends', () => {
  it('is v1= hex HMAC-SHA256 of timestamp.body, and the verifier accepts it', () => {
    const body = '{"id":"evt-cli"}';
    const signature = signBillingEvent('a-shared-secret-of-at-least-32-chars', 1_795_000_000, body);
    const independent = createHmac('sha256', 'a-shared-secret-of-at-least-32-chars')
      .update(`1795000000.${body}`)
      .digest('hex');
    expect(signature).toBe(`v1=${independent}`);
    const check = (overrides: Partial<Parameters<typeof verifyBillingSignature>[0]>) =>
      verifyBillingSignature({
        secret: 'a-shared-secret-of-at-least-32-chars',
        body,
        timestamp: '1795000000',
        signature,
        now: new Date(1_795_000_000_000),
        ...overrides,
      });
    expect(check({})).toBe('valid');
    expect(check({ body: `${body} ` })).toBe('invalid');
    expect(check({ timestamp: '1795000001' })).toBe('invalid');
    expect(check({ timestamp: undefined })).toBe('invalid');
    expect(check({ now: new Date(1_795_000_301_000) })).toBe('stale');
  });

  it('is what the command imports', async () => {
    const { readFile } = await import('node:fs/promises');
    const script = await readFile(new URL('../../scripts/billing-event.ts', import.meta.url), 'utf8');
    expect(script).toContain("from '../server/services/billing/event-signature'");
  });
});

describe('configuration', () => {
  it('requires BILLING_WEBHOOK_SECRET in production and never uses the development default there', async () => {
    const { parseEnv } = await import('../../server/env');
    expect(() => parseEnv({ APP_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.com' })).toThrow(
      /BILLING_WEBHOOK_SECRET: is required/,
    );
    const secret = 'f'.repeat(64);
    expect(
      parseEnv({
        APP_ENV: 'production',
        PUBLIC_ORIGIN: 'https://portal.example.com',
        BILLING_WEBHOOK_SECRET: secret,
        KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
      }).billingWebhookSecret,
    ).toBe(secret);
    expect(parseEnv({}).billingWebhookSecret).toMatch(/^development-only-/);
  });

  it('never writes the secret to the log', () => {
    expect(portal.logLines.join('')).not.toContain(portal.env.billingWebhookSecret);
  });
});

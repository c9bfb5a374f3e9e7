// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { SubscriptionMessage } from '../../contract/subscriptions';
import { subscriptions, teamMembers } from '../../server/db/schema';
import {
  type Cast,
  createCast,
  createTeam,
  insertCatalogue,
  insertSubscription,
  invoicesOf,
  password,
  subscriptionRow,
} from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
let cast: Cast;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await createCast(portal, 'concurrency');
});
afterAll(() => portal.close());

describe('changes of one subscription at the same time', () => {
  it('Twenty concurrent seat changes never leave the quantity below what is in use', async () => {
    // Seven seats in use: the owner and six members.
    const members = await Promise.all(
      Array.from({ length: 6 }, (_, index) => portal.createUser(`member${index}@concurrency.test`, password)),
    );
    const teamId = await createTeam(portal, [
      { userId: cast.owner.id, role: 'admin' },
      ...members.map((member) => ({ userId: member.id, role: 'user' as const })),
    ]);
    const seatsInUse = 7;
    const subscription = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      teamId,
      planCode: 'teams-monthly',
      quantity: 20,
      billingAccountCode: cast.accountCode,
    });
    // 1 to 20, interleaved so that refused and accepted changes alternate.
    const quantities = Array.from({ length: 20 }, (_, index) =>
      index % 2 === 0 ? index / 2 + 1 : 21 - (index + 1) / 2,
    );

    const responses = await Promise.all(
      quantities.map((quantity) =>
        portal.request(`${api.subscription(subscription.referenceId)}/quantity`, {
          method: 'PUT',
          json: { quantity },
          cookie: cast.owner.cookie,
        }),
      ),
    );

    const accepted = responses.filter((response) => response.status === 202);
    const refused = responses.filter((response) => response.status === 400);
    expect(accepted.length + refused.length).toBe(20);
    expect(accepted).toHaveLength(quantities.filter((quantity) => quantity >= seatsInUse).length);
    for (const response of accepted) expect(response.json.quantity).toBeGreaterThanOrEqual(seatsInUse);
    for (const response of refused) expect(response.json.message).toBe(SubscriptionMessage.quantityBelowSeatsInUse);
    const final = await subscriptionRow(portal, subscription.referenceId);
    expect(final.quantity).toBeGreaterThanOrEqual(seatsInUse);
    expect(accepted.map((response) => response.json.quantity)).toContain(final.quantity);
  });

  it('counts the members that a change of the team holding the subscription’s lock adds', async () => {
    // What issue 9's member additions do: lock the subscription's row, then add to the team. A seat
    // change arriving meanwhile must wait for that lock and count the new members, never the old.
    const teamId = await createTeam(portal, [{ userId: cast.owner.id, role: 'admin' }]);
    const subscription = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      teamId,
      planCode: 'teams-monthly',
      quantity: 10,
      billingAccountCode: cast.accountCode,
    });
    const joining = await Promise.all(
      Array.from({ length: 4 }, (_, index) => portal.createUser(`joiner${index}@concurrency.test`, password)),
    );
    let holdsLock!: () => void;
    const lockHeld = new Promise<void>((resolve) => {
      holdsLock = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const teamChange = portal.db.transaction(async (tx) => {
      await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.referenceId, subscription.referenceId))
        .for('update');
      await tx
        .insert(teamMembers)
        .values(joining.map((member) => ({ teamId, userId: member.id, role: 'user' as const })));
      holdsLock();
      await released;
    });
    await lockHeld;

    // One seat is in use before the team change commits, five after it.
    const seatChange = portal.request(`${api.subscription(subscription.referenceId)}/quantity`, {
      method: 'PUT',
      json: { quantity: 3 },
      cookie: cast.owner.cookie,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await teamChange;
    const response = await seatChange;

    expect(response.status).toBe(400);
    expect(response.json.message).toBe(SubscriptionMessage.quantityBelowSeatsInUse);
    expect((await subscriptionRow(portal, subscription.referenceId)).quantity).toBe(10);
  });

  it.each([
    ['the same plan', 'personal-yearly', 'personal-yearly'],
    ['two different plans', 'personal-yearly', 'personal-3year'],
  ])('lets one of two upgrades to %s win, and refuses the other with 409', async (_label, first, second) => {
    const subscription = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      planCode: 'personal-monthly',
      billingAccountCode: cast.accountCode,
    });
    const upgradeTo = (newPlanCode: string) =>
      portal.request(api.subscription(subscription.referenceId), {
        method: 'PUT',
        json: {
          userid: cast.owner.id,
          email: cast.owner.email,
          referenceId: subscription.referenceId,
          newPlanCode,
          quantity: 1,
          prorate: true,
          blackfriday24Eligible: false,
        },
        cookie: cast.owner.cookie,
      });

    const responses = await Promise.all([upgradeTo(first), upgradeTo(second)]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = responses.find((response) => response.status === 200);
    const loser = responses.find((response) => response.status === 409);
    expect(loser?.json).toEqual({ error: 'subscription_conflict', message: SubscriptionMessage.upgradeConflict });
    const invoices = await invoicesOf(portal, subscription.id);
    expect(invoices.map((invoice) => invoice.number)).toEqual([winner?.json.invoiceNumber]);
    expect((await subscriptionRow(portal, subscription.referenceId)).planCode).toBe(winner?.json.planCode);
  });
});

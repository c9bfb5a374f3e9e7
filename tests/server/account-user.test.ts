// @vitest-environment node
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountUser } from '../../contract/account';
import { demoAccounts, demoPassword, seedDemoAccounts } from '../../server/db/seed-demo';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
const queries: string[] = [];

beforeAll(async () => {
  portal = await startTestPortal({}, { onQuery: (query) => queries.push(query) });
  await seedDemoAccounts(portal.db, () => portal.clock.current);
});
afterAll(() => portal.close());

async function accountOf(email: string) {
  const cookie = await portal.signIn(email, demoPassword);
  const response = await portal.request('/api/account/user', { cookie });
  expect(response.status).toBe(200);
  return v.parse(AccountUser, response.json);
}

describe('GET /api/account/user', () => {
  it('answers 401 without a session', async () => {
    const response = await portal.request('/api/account/user');
    expect(response.status).toBe(401);
    expect(response.json.error).toBe('unauthorized');
  });

  it('answers the fields of the spec, matching the contract, for an individual', async () => {
    const account = await accountOf(demoAccounts.individual);
    expect(account.email).toBe(demoAccounts.individual);
    expect(account.availableDeviceLimit).toBe(5);
    // Five linked devices; the one signed out is not active (issue 10's demo data).
    expect(account.activeDevices.map((device) => device.name).sort()).toEqual(
      ['Alex’s laptop', 'Pixel phone', 'Streaming PC', 'iPad (travel)'].sort(),
    );
    expect(account.subscriptions.map((subscription) => subscription.referenceId).sort()).toEqual([
      'demo-individual-monthly',
      'demo-router-lifetime',
      'demo-router-promo',
      'demo-router-service',
    ]);
    expect(account.servers).toEqual([expect.objectContaining({ name: 'Private server', teamId: -1 })]);
    // Data used is counted over the monthly plan's period, not a router's (tests/server/data-used.test.ts).
    expect(account.usagePeriod).toMatchObject({ referenceId: 'demo-individual-monthly', title: expect.any(String) });
    expect(account.usedDataGB).toBeGreaterThan(0);
    // The monthly plan, the lifetime router and the canceled router service (in use until its end).
    expect(account.licenses).toBe(3);
    // Times as JavaScript writes them (UTC, milliseconds), like every other date of the API.
    for (const device of account.activeDevices) {
      expect(new Date(device.lastSeen).toISOString()).toBe(device.lastSeen);
    }
  });

  it('shows a team member the team subscription with their role, owned by someone else', async () => {
    const member = await accountOf(demoAccounts.teamUser);
    expect(member.subscriptions).toHaveLength(1);
    const [teams] = member.subscriptions;
    expect(teams).toMatchObject({ type: 'teams', ownerEmail: demoAccounts.teamOwner, team: { role: 'user' } });
    const admin = await accountOf(demoAccounts.teamAdmin);
    expect(admin.subscriptions[0]?.team?.role).toBe('admin');
  });

  it('never shows one account the data of another', async () => {
    const family = await accountOf(demoAccounts.familiesOwner);
    const individual = await accountOf(demoAccounts.individual);
    expect(family.subscriptions.map((subscription) => subscription.referenceId)).toEqual(['demo-families-monthly']);
    expect(family.activeDevices.map((device) => device.name)).toEqual(['Home router']);
    expect(individual.subscriptions.some((subscription) => subscription.type === 'families')).toBe(false);
    expect(family.userid).not.toBe(individual.userid);
  });

  it('reads the whole account in one database round trip', async () => {
    const cookie = await portal.signIn(demoAccounts.teamAdmin, demoPassword);
    // The session is verified (and cached) here, so the read below is the account alone.
    expect((await portal.request('/api/user', { cookie })).status).toBe(200);
    queries.length = 0;
    const response = await portal.request('/api/account/user', { cookie });
    expect(response.status).toBe(200);
    expect(v.parse(AccountUser, response.json).subscriptions).toHaveLength(1);
    expect(queries).toHaveLength(1);
  });

  it('creates the demo accounts only once', async () => {
    expect(await seedDemoAccounts(portal.db)).toBe(false);
  });
});

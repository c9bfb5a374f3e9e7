// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ServerList } from '../../contract/teams';
import { apiKeys, servers, subscriptions, teamAuditEvents } from '../../server/db/schema';
import { demoAccounts, demoPassword, seedDemoAccounts } from '../../server/db/seed-demo';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
  await seedDemoAccounts(portal.db);
});
afterAll(() => portal.close());

async function serversAs(email: string, path: string) {
  const response = await portal.request(path, { cookie: await portal.signIn(email, demoPassword) });
  expect(response.status).toBe(200);
  return v.parse(ServerList, response.json).servers;
}

describe('the demo team’s API keys and the demo servers', () => {
  it('gives the demo team a key limited to two ranges and one for any address, with their audit entries', async () => {
    const keys = await portal.db.select().from(apiKeys).orderBy(apiKeys.createdAt);
    expect(keys.map((key) => [key.description, key.allowedIps])).toEqual([
      ['Office monitoring', ['203.0.113.0/24', '2001:db8::/32']],
      ['Status dashboard', []],
    ]);
    for (const key of keys) {
      expect(key.prefix).toMatch(/^bnd_.{8}$/);
      expect(key.expiresAt.getTime()).toBeGreaterThan(Date.now());
    }
    const created = await portal.db.select().from(teamAuditEvents).where(eq(teamAuditEvents.kind, 'apiKeyCreated'));
    expect(created.map((event) => event.subject).sort()).toEqual(['Office monitoring', 'Status dashboard']);
  });

  it('lists the team server to a member and the private ones to their owners', async () => {
    const [teamServer] = await serversAs(demoAccounts.teamUser, api.privateServers);
    expect(teamServer).toBeUndefined();
    const [team] = await portal.db
      .select({ teamId: subscriptions.teamId })
      .from(subscriptions)
      .where(eq(subscriptions.referenceId, 'demo-teams-yearly'));
    expect(await serversAs(demoAccounts.teamUser, api.teamServers(team?.teamId ?? -1))).toEqual([
      expect.objectContaining({ name: 'Frankfurt team server', location: 'Frankfurt, DE', state: 'running' }),
    ]);
    expect(await serversAs(demoAccounts.individual, api.privateServers)).toEqual([
      expect.objectContaining({ name: 'Private server', state: 'stopped', teamId: -1 }),
    ]);
  });

  it('links the dedicated server to its subscription', async () => {
    const [dedicated] = await portal.db
      .select({ subscriptionReference: subscriptions.referenceId })
      .from(servers)
      .innerJoin(subscriptions, eq(subscriptions.id, servers.subscriptionId))
      .where(eq(servers.name, 'Amsterdam dedicated server'));
    expect(dedicated?.subscriptionReference).toBe('demo-dedicated-monthly');
  });

  it('lists the dedicated server to its owner as a private server, running in Amsterdam', async () => {
    expect(await serversAs(demoAccounts.dedicatedOwner, api.privateServers)).toEqual([
      expect.objectContaining({
        name: 'Amsterdam dedicated server',
        location: 'Amsterdam, NL',
        address: '198.51.100.20',
        state: 'running',
        teamId: -1,
      }),
    ]);
  });
});

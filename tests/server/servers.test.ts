// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ServerList, TeamMessage } from '../../contract/teams';
import { serverRequests, servers, subscriptions, teamAuditEvents } from '../../server/db/schema';
import { type Cast, createCast, createTeam, insertCatalogue, insertSubscription } from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
let cast: Cast;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await createCast(portal, 'servers');
  await insertSubscription(portal, {
    ownerId: cast.owner.id,
    teamId: cast.teamId,
    planCode: 'teams-yearly',
    quantity: 10,
  });
  const otherTeam = await createTeam(portal, [{ userId: cast.stranger.id, role: 'admin' }]);
  await portal.db.insert(servers).values([
    { ownerId: cast.owner.id, teamId: cast.teamId, name: 'Team Berlin', location: 'Berlin', address: '192.0.2.1' },
    { ownerId: cast.admin.id, teamId: cast.teamId, name: 'Team Austin', location: 'Austin', state: 'provisioning' },
    { ownerId: cast.owner.id, name: 'Owner private', location: 'Oslo', address: '2001:db8::10' },
    { ownerId: cast.teamUser.id, name: 'User private', state: 'stopped' },
    { ownerId: cast.stranger.id, teamId: otherTeam, name: 'Elsewhere' },
  ]);
});
afterAll(() => portal.close());

async function listed(path: string, cookie: string) {
  const response = await portal.request(path, { cookie });
  expect(response.status).toBe(200);
  return v.parse(ServerList, response.json).servers;
}

describe('GET /api/teams/servers/{teamId}', () => {
  it.each([
    ['the owner', 'owner'],
    ['a team admin', 'admin'],
    ['a team user', 'teamUser'],
  ] as const)('shows %s the team’s servers and nobody’s private ones', async (_label, role) => {
    const list = await listed(api.teamServers(cast.teamId), cast[role].cookie);
    expect(list).toEqual([
      {
        serverId: expect.any(String),
        name: 'Team Austin',
        location: 'Austin',
        address: null,
        state: 'provisioning',
        teamId: cast.teamId,
      },
      {
        serverId: expect.any(String),
        name: 'Team Berlin',
        location: 'Berlin',
        address: '192.0.2.1',
        state: 'running',
        teamId: cast.teamId,
      },
    ]);
  });

  it('answers 404 to a stranger, for a team that does not exist, and for an id that is none', async () => {
    for (const path of [api.teamServers(cast.teamId), api.teamServers(999_999), '/api/teams/servers/abc']) {
      const response = await portal.request(path, { cookie: cast.stranger.cookie });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('needs a session', async () => {
    expect((await portal.request(api.teamServers(cast.teamId))).status).toBe(401);
  });
});

describe('GET /api/account/private-individual-servers', () => {
  it('shows each person their own servers outside any team', async () => {
    expect(await listed(api.privateServers, cast.owner.cookie)).toEqual([
      {
        serverId: expect.any(String),
        name: 'Owner private',
        location: 'Oslo',
        address: '2001:db8::10',
        state: 'running',
        teamId: -1,
      },
    ]);
    expect((await listed(api.privateServers, cast.teamUser.cookie)).map((server) => server.name)).toEqual([
      'User private',
    ]);
    expect(await listed(api.privateServers, cast.admin.cookie)).toEqual([]);
    expect(await listed(api.privateServers, cast.stranger.cookie)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await portal.request(api.privateServers)).status).toBe(401);
  });
});

describe('POST /api/subscription/{id}/server', () => {
  async function dedicatedSubscription(fields: { teamId?: number } = {}) {
    return insertSubscription(portal, { ownerId: cast.owner.id, planCode: 'dedicated-server-monthly', ...fields });
  }

  async function requestsOf(subscriptionId: string) {
    return portal.db.select().from(serverRequests).where(eq(serverRequests.subscriptionId, subscriptionId));
  }

  async function serversOf(subscriptionId: string) {
    return portal.db.select().from(servers).where(eq(servers.subscriptionId, subscriptionId));
  }

  it('lets the owner request the dedicated server, with its daily window', async () => {
    const subscription = await dedicatedSubscription();
    const response = await portal.request(api.requestServer(subscription.referenceId), {
      json: { timeInterval: ' 02:00-04:30 ' },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ success: true });
    expect(await requestsOf(subscription.id)).toEqual([
      expect.objectContaining({ requestedBy: cast.owner.id, timeInterval: '02:00-04:30' }),
    ]);
    expect(await serversOf(subscription.id)).toEqual([
      expect.objectContaining({
        ownerId: cast.owner.id,
        teamId: null,
        name: 'Dedicated server',
        location: '',
        address: null,
        state: 'requested',
      }),
    ]);
    expect((await listed(api.privateServers, cast.owner.cookie)).map((server) => server.state)).toContain('requested');
  });

  it('records a second request’s window without a second server', async () => {
    const subscription = await dedicatedSubscription();
    for (const timeInterval of ['01:00-02:00', '22:00-23:30']) {
      const response = await portal.request(api.requestServer(subscription.referenceId), {
        json: { timeInterval },
        cookie: cast.owner.cookie,
      });
      expect(response.status).toBe(202);
    }
    expect((await requestsOf(subscription.id)).map((request) => request.timeInterval).sort()).toEqual([
      '01:00-02:00',
      '22:00-23:30',
    ]);
    expect(await serversOf(subscription.id)).toHaveLength(1);
  });

  it('records the request in the audit log of a subscription that has a team', async () => {
    const subscription = await dedicatedSubscription({ teamId: cast.teamId });
    const response = await portal.request(api.requestServer(subscription.referenceId), {
      json: { timeInterval: '03:00-05:00' },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(202);
    const events = await portal.db.select().from(teamAuditEvents).where(eq(teamAuditEvents.kind, 'serverRequested'));
    expect(events).toEqual([
      expect.objectContaining({
        teamId: cast.teamId,
        actorId: cast.owner.id,
        actorEmail: cast.owner.email,
        details: { timeInterval: '03:00-05:00' },
      }),
    ]);
  });

  it('refuses anyone but the owner of a dedicated server subscription', async () => {
    const subscription = await dedicatedSubscription();
    for (const who of [cast.admin, cast.teamUser, cast.stranger]) {
      const response = await portal.request(api.requestServer(subscription.referenceId), {
        json: { timeInterval: '02:00-04:00' },
        cookie: who.cookie,
      });
      expect({ who: who.email, status: response.status }).toEqual({ who: who.email, status: 404 });
    }
    expect(await requestsOf(subscription.id)).toEqual([]);
    expect(await serversOf(subscription.id)).toEqual([]);
  });

  it('refuses other plans: 400 for the owner and an admin, 403 for a team user, 404 for a stranger', async () => {
    const teams = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      teamId: cast.teamId,
      planCode: 'teams-monthly',
      quantity: 5,
    });
    const expected = [
      [cast.owner, 400],
      [cast.admin, 400],
      [cast.teamUser, 403],
      [cast.stranger, 404],
    ] as const;
    for (const [who, status] of expected) {
      const response = await portal.request(api.requestServer(teams.referenceId), {
        json: { timeInterval: '02:00-04:00' },
        cookie: who.cookie,
      });
      expect({ who: who.email, status: response.status }).toEqual({ who: who.email, status });
      if (status === 400) expect(response.json.message).toBe(TeamMessage.notDedicatedServerPlan);
      if (status === 403) expect(response.json.message).toBe(TeamMessage.notAdmin);
    }
    expect(await requestsOf(teams.id)).toEqual([]);
  });

  it.each(['2-4', '24:00-02:00', '02:00-04:60', '0200-0400', ''])('refuses the window %j', async (timeInterval) => {
    const subscription = await dedicatedSubscription();
    const response = await portal.request(api.requestServer(subscription.referenceId), {
      json: { timeInterval },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toContain(TeamMessage.timeIntervalInvalid);
    expect(await requestsOf(subscription.id)).toEqual([]);
  });

  it('refuses an expired subscription and a request without a session', async () => {
    const expired = await dedicatedSubscription();
    await portal.db.update(subscriptions).set({ state: 'expired' }).where(eq(subscriptions.id, expired.id));
    const response = await portal.request(api.requestServer(expired.referenceId), {
      json: { timeInterval: '02:00-04:00' },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(400);
    const anonymous = await portal.request(api.requestServer(expired.referenceId), {
      json: { timeInterval: '02:00-04:00' },
    });
    expect(anonymous.status).toBe(401);
  });
});

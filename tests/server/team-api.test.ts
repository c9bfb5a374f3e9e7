// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import {
  CreateApiKeyResponse,
  ServerList,
  TeamApiMembers,
  TeamApiTeam,
  TeamMessage,
  teamApiLimits,
} from '../../contract/teams';
import { apiKeys, servers, teamMembers } from '../../server/db/schema';
import { type Cast, createCast, insertCatalogue, insertSubscription } from './billing-fixtures';
import { reportedUsage } from './device-fixtures';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
let cast: Cast;
let referenceId: string;

beforeAll(async () => {
  // The test portal is behind one proxy (TRUST_PROXY=1), so X-Forwarded-For's one entry is the client's address.
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await createCast(portal, 'team-api');
  const subscription = await insertSubscription(portal, {
    ownerId: cast.owner.id,
    teamId: cast.teamId,
    planCode: 'teams-yearly',
    quantity: 10,
  });
  referenceId = subscription.referenceId;
  await portal.db
    .update(teamMembers)
    .set({ firstName: 'Ada', lastName: 'Admin' })
    .where(and(eq(teamMembers.teamId, cast.teamId), eq(teamMembers.userId, cast.admin.id)));
  await reportedUsage(portal, cast.admin.id, 3 * 1024 ** 3);
  await portal.db.insert(servers).values([
    { ownerId: cast.owner.id, teamId: cast.teamId, name: 'Frankfurt', location: 'Frankfurt', address: '192.0.2.10' },
    { ownerId: cast.owner.id, name: 'Private one' },
  ]);
});
afterAll(() => portal.close());

const restricted = ['203.0.113.0/24', '2001:db8::/32'];

async function createKey(allowedIPs: string[] = []) {
  const response = await portal.request(api.apiKeys(referenceId), {
    json: { description: 'Team API test', allowedIPs },
    cookie: cast.owner.cookie,
  });
  expect(response.status).toBe(201);
  return v.parse(CreateApiKeyResponse, response.json);
}

function callTeamApi(apiKey: string | null, { below = '', address = '203.0.113.5' } = {}) {
  return portal.request(`${api.teamApi}${below}`, { address, headers: apiKey === null ? {} : { 'x-api-key': apiKey } });
}

describe('the team API with a key', () => {
  it('answers the team, its members and its servers', async () => {
    const { apiKey } = await createKey();
    const team = await callTeamApi(apiKey);
    expect(team.status).toBe(200);
    expect(v.parse(TeamApiTeam, team.json)).toEqual({ teamId: cast.teamId, name: 'Test team' });
    expect(team.headers.get('cache-control')).toBe('no-store');

    const members = await callTeamApi(apiKey, { below: '/members' });
    expect(members.status).toBe(200);
    const list = v.parse(TeamApiMembers, members.json).members;
    expect(list.map((member) => [member.email, member.role, member.isOwner]).sort()).toEqual(
      [
        [cast.owner.email, 'admin', true],
        [cast.admin.email, 'admin', false],
        [cast.teamUser.email, 'user', false],
      ].sort(),
    );
    expect(list.find((member) => member.userid === cast.admin.id)).toMatchObject({
      firstName: 'Ada',
      lastName: 'Admin',
      teamId: cast.teamId,
      usageBytesThisPeriod: 3 * 1024 ** 3,
      usedGB: 3,
    });

    const serverList = await callTeamApi(apiKey, { below: '/servers' });
    expect(serverList.status).toBe(200);
    expect(v.parse(ServerList, serverList.json).servers).toEqual([
      {
        serverId: expect.any(String),
        name: 'Frankfurt',
        location: 'Frankfurt',
        address: '192.0.2.10',
        state: 'running',
        teamId: cast.teamId,
      },
    ]);
  });

  it.each([
    ['an IPv4 address inside the range', '203.0.113.77'],
    ['an IPv6 address inside the range', '2001:db8:42::7'],
    ['an IPv4-mapped IPv6 address inside the IPv4 range', '::ffff:203.0.113.9'],
  ])('admits %s', async (_label, address) => {
    const { apiKey } = await createKey(restricted);
    expect((await callTeamApi(apiKey, { address })).status).toBe(200);
  });

  it.each([
    ['another IPv4 address', '198.51.100.7'],
    ['another IPv6 address', '2001:db9::1'],
    ['the IPv6 loopback', '::1'],
  ])('refuses %s with 403', async (_label, address) => {
    const { apiKey } = await createKey(restricted);
    const response = await callTeamApi(apiKey, { address, below: '/members' });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ error: 'forbidden', message: TeamMessage.apiKeyAddressRefused });
  });

  it('follows a change of the allow-list', async () => {
    const { apiKey, key } = await createKey(restricted);
    expect((await callTeamApi(apiKey, { address: '198.51.100.7' })).status).toBe(403);
    await portal.request(`${api.apiKeys(referenceId)}/${key.keyId}/allowedips`, {
      method: 'PUT',
      json: { allowedIPs: ['198.51.100.0/24'] },
      cookie: cast.owner.cookie,
    });
    expect((await callTeamApi(apiKey, { address: '198.51.100.7' })).status).toBe(200);
    expect((await callTeamApi(apiKey, { address: '203.0.113.5' })).status).toBe(403);
  });

  it('is not refused as a cross-site request: it is a GET, and needs no session', async () => {
    const { apiKey } = await createKey();
    const response = await portal.request(api.teamApi, {
      headers: { 'x-api-key': apiKey, origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

describe('keys the team API refuses with 401', () => {
  it('a request without a key', async () => {
    const response = await callTeamApi(null);
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'unauthorized', message: TeamMessage.apiKeyMissing });
  });

  it('an unknown key, and a session cookie in place of one', async () => {
    const unknown = await callTeamApi('bnd_not-a-real-key');
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({ error: 'unauthorized', message: TeamMessage.apiKeyRefused });
    const withSession = await portal.request(api.teamApi, { cookie: cast.owner.cookie });
    expect(withSession.status).toBe(401);
  });

  it('an expired key', async () => {
    const { apiKey, key } = await createKey();
    const start = portal.clock.current;
    try {
      portal.clock.current = new Date(new Date(key.expirationDate).getTime() - 1000);
      expect((await callTeamApi(apiKey)).status).toBe(200);
      portal.clock.current = new Date(key.expirationDate);
      const response = await callTeamApi(apiKey);
      expect(response.status).toBe(401);
      expect(response.json.message).toBe(TeamMessage.apiKeyRefused);
    } finally {
      portal.clock.current = start;
    }
  });

  it('an invalidated key', async () => {
    const { apiKey, key } = await createKey();
    await portal.db.update(apiKeys).set({ invalidatedAt: portal.clock.current }).where(eq(apiKeys.id, key.keyId));
    const response = await callTeamApi(apiKey, { below: '/servers' });
    expect(response.status).toBe(401);
    expect(response.json.message).toBe(TeamMessage.apiKeyRefused);
  });

  it('a deleted key', async () => {
    const { apiKey, key } = await createKey();
    expect((await callTeamApi(apiKey)).status).toBe(200);
    const deleted = await portal.request(`${api.apiKeys(referenceId)}/${key.keyId}`, {
      method: 'DELETE',
      cookie: cast.owner.cookie,
    });
    expect(deleted.status).toBe(204);
    const response = await callTeamApi(apiKey, { below: '/members' });
    expect(response.status).toBe(401);
    expect(response.json.message).toBe(TeamMessage.apiKeyRefused);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After once a key has used its minute, and other keys go on', async () => {
    const { apiKey } = await createKey();
    const { apiKey: otherKey } = await createKey();
    for (let use = 0; use < teamApiLimits.perKey.limit; use++) {
      expect((await callTeamApi(apiKey)).status).toBe(200);
    }
    const limited = await callTeamApi(apiKey, { below: '/members' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await callTeamApi(otherKey)).status).toBe(200);
    const start = portal.clock.current;
    try {
      portal.clock.current = new Date(start.getTime() + teamApiLimits.perKey.windowSeconds * 1000);
      expect((await callTeamApi(apiKey)).status).toBe(200);
    } finally {
      portal.clock.current = start;
    }
  });
});

describe('a portal that does not trust a proxy', () => {
  it('does not take X-Forwarded-For as the client’s address', async () => {
    const untrusting = await startTestPortal({ TRUST_PROXY: '0' });
    try {
      await insertCatalogue(untrusting);
      const people = await createCast(untrusting, 'no-proxy');
      const subscription = await insertSubscription(untrusting, {
        ownerId: people.owner.id,
        teamId: people.teamId,
        planCode: 'teams-yearly',
        quantity: 5,
      });
      const created = await untrusting.request(api.apiKeys(subscription.referenceId), {
        json: { description: 'Office only', allowedIPs: ['203.0.113.0/24'] },
        cookie: people.owner.cookie,
      });
      const { apiKey } = v.parse(CreateApiKeyResponse, created.json);
      const response = await untrusting.request(api.teamApi, {
        address: '203.0.113.5',
        headers: { 'x-api-key': apiKey },
      });
      expect(response.status).toBe(403);
    } finally {
      await untrusting.close();
    }
  });
});

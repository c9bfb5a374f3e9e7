// @vitest-environment node
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import {
  ApiKey,
  CidrValidationResponse,
  CreateApiKeyResponse,
  type CreateApiKeyResponse as CreatedKey,
  TeamMessage,
} from '../../contract/teams';
import { apiKeys, teamAuditEvents } from '../../server/db/schema';
import { type Cast, createCast, insertCatalogue, insertSubscription, type Person } from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
let cast: Cast;
let referenceId: string;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await createCast(portal, 'keys');
  const subscription = await insertSubscription(portal, {
    ownerId: cast.owner.id,
    teamId: cast.teamId,
    planCode: 'teams-yearly',
    quantity: 10,
  });
  referenceId = subscription.referenceId;
});
afterAll(() => portal.close());

const dayMs = 24 * 3600 * 1000;
const keyPath = (keyId: string, below = '') => `${api.apiKeys(referenceId)}/${keyId}${below}`;

async function createKey(who: Person = cast.owner, allowedIPs: string[] = [], description = 'Monitoring') {
  const response = await portal.request(api.apiKeys(referenceId), {
    json: { description, allowedIPs },
    cookie: who.cookie,
  });
  expect(response.status).toBe(201);
  return v.parse(CreateApiKeyResponse, response.json);
}

async function keyRow(keyId: string) {
  const [row] = await portal.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  return row ?? null;
}

async function auditOf(kind: string) {
  const rows = await portal.db.select().from(teamAuditEvents).where(eq(teamAuditEvents.teamId, cast.teamId));
  return rows.filter((row) => row.kind === kind);
}

const refusedAs = {
  403: { error: 'forbidden', message: TeamMessage.notAdmin },
  404: { error: 'not_found', message: 'Not found.' },
} as const;

describe('POST /api/networking/ip-cidr-validation', () => {
  it('answers each entry: addresses and ranges of both kinds, garbage, spaces and empty ones', async () => {
    const response = await portal.request(api.cidrValidation, {
      json: { allowedIPs: ['203.0.113.7', ' 203.0.113.0/24 ', '2001:db8::/32', '::1', 'nonsense', '1.2.3.4/40', ''] },
      cookie: cast.teamUser.cookie,
    });
    expect(response.status).toBe(200);
    expect(v.parse(CidrValidationResponse, response.json)).toEqual({
      valid: false,
      entries: [
        { value: '203.0.113.7', valid: true },
        { value: '203.0.113.0/24', valid: true },
        { value: '2001:db8::/32', valid: true },
        { value: '::1', valid: true },
        { value: 'nonsense', valid: false },
        { value: '1.2.3.4/40', valid: false },
        { value: '', valid: false },
      ],
    });
  });

  it('says valid when every entry is, and for an empty list', async () => {
    for (const allowedIPs of [['198.51.100.0/24', '2001:db8::1'], []]) {
      const response = await portal.request(api.cidrValidation, { json: { allowedIPs }, cookie: cast.stranger.cookie });
      expect(response.status).toBe(200);
      expect(response.json.valid).toBe(true);
    }
  });

  it('needs a session and a list of at most 50 entries', async () => {
    expect((await portal.request(api.cidrValidation, { json: { allowedIPs: [] } })).status).toBe(401);
    const tooMany = await portal.request(api.cidrValidation, {
      json: { allowedIPs: Array.from({ length: 51 }, (_, index) => `10.0.0.${index}`) },
      cookie: cast.owner.cookie,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toContain(TeamMessage.tooManyAllowedIps);
    const notAList = await portal.request(api.cidrValidation, {
      json: { allowedIPs: '10.0.0.1' },
      cookie: cast.owner.cookie,
    });
    expect(notAList.status).toBe(400);
  });
});

describe('creating a key', () => {
  it.each([
    ['the owner', 'owner'],
    ['a team admin', 'admin'],
  ] as const)('lets %s create one, shown once and stored as its hash', async (_label, role) => {
    const who = cast[role];
    const created: CreatedKey = await createKey(who, ['203.0.113.0/24', '2001:db8::/32'], `Key of the ${role}`);
    expect(created.apiKey).toMatch(/^bnd_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toEqual({
      keyId: expect.any(String),
      prefix: created.apiKey.slice(0, 12),
      description: `Key of the ${role}`,
      dateGenerated: portal.clock.current.toISOString(),
      expirationDate: new Date(portal.clock.current.getTime() + 365 * dayMs).toISOString(),
      invalidated: false,
      allowedIPs: ['203.0.113.0/24', '2001:db8::/32'],
      role: 'user',
      userid: who.id,
      teamId: cast.teamId,
    });
    const row = await keyRow(created.key.keyId);
    expect(row?.keyHash).toBe(createHash('sha256').update(created.apiKey).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.apiKey.slice(12));
    expect(portal.logLines.join('')).not.toContain(created.apiKey.slice(12));
    expect((await auditOf('apiKeyCreated')).find((event) => event.subject === `Key of the ${role}`)).toMatchObject({
      actorId: who.id,
      actorEmail: who.email,
    });
  });

  it('gives every key its own secret', async () => {
    const first = await createKey();
    const second = await createKey();
    expect(first.apiKey).not.toBe(second.apiKey);
    expect(first.key.keyId).not.toBe(second.key.keyId);
  });

  it.each([
    ['a team user', 'teamUser', 403],
    ['a stranger', 'stranger', 404],
  ] as const)('refuses %s, and stores nothing', async (_label, role, status) => {
    const before = (await portal.db.select().from(apiKeys)).length;
    const response = await portal.request(api.apiKeys(referenceId), {
      json: { description: 'Sneaky', allowedIPs: [] },
      cookie: cast[role].cookie,
    });
    expect(response.status).toBe(status);
    expect(response.json).toEqual(refusedAs[status]);
    expect((await portal.db.select().from(apiKeys)).length).toBe(before);
  });

  it('refuses a subscription without a team', async () => {
    const personal = await insertSubscription(portal, { ownerId: cast.owner.id, planCode: 'personal-monthly' });
    const response = await portal.request(api.apiKeys(personal.referenceId), {
      json: { description: 'Personal', allowedIPs: [] },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'team_refused', message: TeamMessage.notATeamPlan });
  });

  it('refuses invalid addresses, naming each, and stores nothing', async () => {
    const before = (await portal.db.select().from(apiKeys)).length;
    const response = await portal.request(api.apiKeys(referenceId), {
      json: { description: 'Bad list', allowedIPs: ['203.0.113.0/24', 'office', '10.0.0.300', ''] },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe('validation_failed');
    expect(response.json.message).toContain(TeamMessage.allowedIpsInvalid);
    expect(response.json.message).toContain('office');
    expect(response.json.message).toContain('10.0.0.300');
    expect((await portal.db.select().from(apiKeys)).length).toBe(before);
  });

  it('refuses a missing description and a session-less request', async () => {
    const blank = await portal.request(api.apiKeys(referenceId), {
      json: { description: '  ', allowedIPs: [] },
      cookie: cast.owner.cookie,
    });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toContain(TeamMessage.descriptionRequired);
    const anonymous = await portal.request(api.apiKeys(referenceId), { json: { description: 'x', allowedIPs: [] } });
    expect(anonymous.status).toBe(401);
  });
});

describe('deleting a key', () => {
  it.each([
    ['the owner', 'owner'],
    ['a team admin', 'admin'],
  ] as const)('lets %s delete one', async (_label, role) => {
    const { key } = await createKey(cast.owner, [], `Doomed by the ${role}`);
    const response = await portal.request(keyPath(key.keyId), { method: 'DELETE', cookie: cast[role].cookie });
    expect(response.status).toBe(204);
    expect(await keyRow(key.keyId)).toBeNull();
    expect((await auditOf('apiKeyDeleted')).find((event) => event.subject === `Doomed by the ${role}`)).toMatchObject({
      actorId: cast[role].id,
      details: { prefix: key.prefix },
    });
  });

  it.each([
    ['a team user', 'teamUser', 403],
    ['a stranger', 'stranger', 404],
  ] as const)('refuses %s, and the key stays', async (_label, role, status) => {
    const { key } = await createKey();
    const response = await portal.request(keyPath(key.keyId), { method: 'DELETE', cookie: cast[role].cookie });
    expect(response.status).toBe(status);
    expect(response.json).toEqual(refusedAs[status]);
    expect(await keyRow(key.keyId)).not.toBeNull();
  });

  it('answers 404 for an unknown key, a deleted one, an id that is none and another team’s key', async () => {
    const { key } = await createKey();
    await portal.request(keyPath(key.keyId), { method: 'DELETE', cookie: cast.owner.cookie });
    const otherCast = await createCast(portal, 'keys-other');
    const otherSubscription = await insertSubscription(portal, {
      ownerId: otherCast.owner.id,
      teamId: otherCast.teamId,
      planCode: 'teams-yearly',
      quantity: 5,
    });
    const otherKey = await portal.request(api.apiKeys(otherSubscription.referenceId), {
      json: { description: 'Theirs', allowedIPs: [] },
      cookie: otherCast.owner.cookie,
    });
    const otherKeyId = v.parse(CreateApiKeyResponse, otherKey.json).key.keyId;
    for (const keyId of [crypto.randomUUID(), key.keyId, 'not-a-uuid', otherKeyId]) {
      const response = await portal.request(keyPath(keyId), { method: 'DELETE', cookie: cast.owner.cookie });
      expect({ keyId, status: response.status }).toEqual({ keyId, status: 404 });
      expect(response.json).toEqual({ error: 'not_found', message: TeamMessage.apiKeyNotFound });
    }
    expect(await keyRow(otherKeyId)).not.toBeNull();
  });

  it('answers 404 to a stranger for a key of a team they cannot see', async () => {
    const { key } = await createKey();
    const stranger = await portal.request(keyPath(key.keyId), { method: 'DELETE', cookie: cast.stranger.cookie });
    expect(stranger.status).toBe(404);
  });
});

describe('changing a key’s addresses', () => {
  it.each([
    ['the owner', 'owner'],
    ['a team admin', 'admin'],
  ] as const)('lets %s change them, and records from and to', async (_label, role) => {
    const { key } = await createKey(cast.owner, ['203.0.113.0/24'], `Moved by the ${role}`);
    const response = await portal.request(keyPath(key.keyId, '/allowedips'), {
      method: 'PUT',
      json: { allowedIPs: ['198.51.100.7', ' 2001:db8::/48 '] },
      cookie: cast[role].cookie,
    });
    expect(response.status).toBe(200);
    expect(v.parse(ApiKey, response.json)).toEqual({ ...key, allowedIPs: ['198.51.100.7', '2001:db8::/48'] });
    expect((await keyRow(key.keyId))?.allowedIps).toEqual(['198.51.100.7', '2001:db8::/48']);
    const [event] = (await auditOf('apiKeyAddressesChanged')).filter((row) => row.subject === `Moved by the ${role}`);
    expect(event).toMatchObject({
      actorId: cast[role].id,
      details: { from: '203.0.113.0/24', to: '198.51.100.7, 2001:db8::/48' },
    });
  });

  it('takes an empty list: any address', async () => {
    const { key } = await createKey(cast.owner, ['203.0.113.0/24']);
    const response = await portal.request(keyPath(key.keyId, '/allowedips'), {
      method: 'PUT',
      json: { allowedIPs: [] },
      cookie: cast.owner.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.json.allowedIPs).toEqual([]);
  });

  it.each([
    ['a team user', 'teamUser', 403],
    ['a stranger', 'stranger', 404],
  ] as const)('refuses %s, and nothing changes', async (_label, role, status) => {
    const { key } = await createKey(cast.owner, ['203.0.113.0/24']);
    const response = await portal.request(keyPath(key.keyId, '/allowedips'), {
      method: 'PUT',
      json: { allowedIPs: [] },
      cookie: cast[role].cookie,
    });
    expect(response.status).toBe(status);
    expect(response.json).toEqual(refusedAs[status]);
    expect((await keyRow(key.keyId))?.allowedIps).toEqual(['203.0.113.0/24']);
  });

  it('refuses invalid entries, naming them, and an unknown key', async () => {
    const { key } = await createKey(cast.owner, ['203.0.113.0/24']);
    const invalid = await portal.request(keyPath(key.keyId, '/allowedips'), {
      method: 'PUT',
      json: { allowedIPs: ['2001:db8::/32', '2001:zz8::'] },
      cookie: cast.owner.cookie,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toContain('2001:zz8::');
    expect((await keyRow(key.keyId))?.allowedIps).toEqual(['203.0.113.0/24']);
    const unknown = await portal.request(keyPath(crypto.randomUUID(), '/allowedips'), {
      method: 'PUT',
      json: { allowedIPs: [] },
      cookie: cast.owner.cookie,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('an admin of another team', () => {
  it('cannot reach this team’s keys', async () => {
    const otherAdmin = await createCast(portal, 'keys-admin-elsewhere');
    const { key } = await createKey();
    const response = await portal.request(keyPath(key.keyId), { method: 'DELETE', cookie: otherAdmin.admin.cookie });
    expect(response.status).toBe(404);
    expect(await keyRow(key.keyId)).not.toBeNull();
  });
});

// @vitest-environment node
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import {
  connectColumns,
  maxConnectRows,
  NetStats,
  StatsBatchReceipt,
  StatsMessage,
  statsSignatureHeaders,
  TeamTunnelStats,
  TunnelStats,
} from '../../contract/stats';
import { devices, netSamples, servers, statsBatches, tunnelEvents } from '../../server/db/schema';
import { signStatsBatch } from '../../server/services/stats/batch-signature';
import { insertTunnelEvents } from '../../server/services/stats/usage-store';
import type { Person } from './billing-fixtures';
import { startTestPortal, type TestPortal, testDate, testIso } from './support';
import { castWithTeam, type TeamCast } from './team-fixtures';

const statsSecret = 'test-only-stats-ingest-secret-0123456789abcdef';

let portal: TestPortal;
let cast: TeamCast;
let teamServer: string;
let privateServer: string;
const deviceOf: Record<'owner' | 'admin' | 'teamUser' | 'stranger', string> = {
  owner: '',
  admin: '',
  teamUser: '',
  stranger: '',
};

/** The test clock's first day (2026-11-22 in the reference calendar) at hh:mm UTC. */
const at = (hhmm: string) => testIso(`2026-11-22T${hhmm}:00.000Z`);

function ingest(
  batch: unknown,
  { timestamp, signature }: { timestamp?: number | string; signature?: string | null } = {},
) {
  const body = JSON.stringify(batch);
  const seconds = timestamp ?? Math.floor(portal.clock.current.getTime() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  headers[statsSignatureHeaders.timestamp] = String(seconds);
  const signed = signature === undefined ? signStatsBatch(statsSecret, Number(seconds), body) : signature;
  if (signed !== null) headers[statsSignatureHeaders.signature] = signed;
  return portal.request(api.statsIngest, { body, headers, origin: null });
}

async function stored() {
  const [batches] = await portal.db.select({ n: count() }).from(statsBatches);
  const [samples] = await portal.db.select({ n: count() }).from(netSamples);
  const [events] = await portal.db.select({ n: count() }).from(tunnelEvents);
  return { batches: batches?.n, samples: samples?.n, events: events?.n };
}

function get(who: Person, path: string, query: Record<string, string>) {
  return portal.request(`${path}?${new URLSearchParams(query)}`, { cookie: who.cookie });
}

beforeAll(async () => {
  portal = await startTestPortal({ STATS_INGEST_SECRET: statsSecret });
  cast = await castWithTeam(portal, 'stats');
  for (const role of ['owner', 'admin', 'teamUser', 'stranger'] as const) {
    const [device] = await portal.db
      .insert(devices)
      .values({ userId: cast[role].id, name: `${role} laptop` })
      .returning({ id: devices.deviceUuid });
    deviceOf[role] = device?.id ?? '';
  }
  const [team, own] = await portal.db
    .insert(servers)
    .values([
      { ownerId: cast.owner.id, teamId: cast.teamId, name: 'Team server' },
      { ownerId: cast.owner.id, name: 'Private server' },
    ])
    .returning({ id: servers.id });
  teamServer = team?.id ?? '';
  privateServer = own?.id ?? '';

  // The team user's device: ten minutes from 10:00, rx 100, 200, … 1000 bytes and tx 1 a minute.
  const first = await ingest({
    batchId: 'seed-team-server-1',
    serverId: teamServer,
    tunnelEvents: [
      { at: at('10:00'), device: deviceOf.teamUser, type: 'connect' },
      { at: at('10:10'), device: deviceOf.teamUser, type: 'disconnect' },
    ],
    netSamples: [
      ...Array.from({ length: 10 }, (_, minute) => ({
        at: at(`10:0${minute}`),
        device: deviceOf.teamUser,
        intervalSeconds: 60,
        rxBytes: 100 * (minute + 1),
        txBytes: 1,
      })),
      { at: at('10:00'), device: deviceOf.stranger, intervalSeconds: 60, rxBytes: 1_000_000, txBytes: 1_000_000 },
    ],
  });
  expect(first.status, first.text).toBe(201);
  const second = await ingest({
    batchId: 'seed-private-server-1',
    serverId: privateServer,
    tunnelEvents: [{ at: at('10:05'), device: deviceOf.owner, type: 'connect' }],
    netSamples: [{ at: at('10:00'), device: deviceOf.owner, intervalSeconds: 60, rxBytes: 5, txBytes: 7 }],
  });
  expect(second.status, second.text).toBe(201);
});
afterAll(() => portal.close());

const morning = { from: at('10:00'), to: at('11:00') };

describe('the stats calls: who sees what', () => {
  it('a person sees their own devices: connect rows in the spec order, and bytes per minute', async () => {
    const tunnel = await get(cast.teamUser, api.individualTunnelStats, morning);
    expect(tunnel.status).toBe(200);
    expect(tunnel.headers.get('cache-control')).toBe('no-store');
    const table = v.parse(TunnelStats, tunnel.json);
    expect(table.columns.map((column) => column.name)).toEqual([...connectColumns]);
    expect(table.rows).toEqual([
      [at('10:00'), 'connect', 'teamUser laptop', cast.teamUser.email, cast.teamUser.id, 'Team server', false],
      [at('10:10'), 'disconnect', 'teamUser laptop', cast.teamUser.email, cast.teamUser.id, 'Team server', false],
    ]);
    expect(table.truncated).toBe(false);

    const net = v.parse(NetStats, (await get(cast.teamUser, api.individualNetStats, morning)).json);
    expect(net.bucketSeconds).toBe(60);
    expect(net.columns.map((column) => column.name)).toEqual(['time', 'rxBytes', 'txBytes']);
    expect(net.rows).toHaveLength(60);
    expect(net.rows[3]).toEqual([at('10:03'), 400, 1]);
    expect(net.rows[10]).toEqual([at('10:10'), 0, 0]);
  });

  it('the owner and an admin see the whole team, with its devices; a team user only their own', async () => {
    for (const who of [cast.owner, cast.admin]) {
      const response = await get(who, api.teamTunnelStats(cast.teamId), morning);
      expect(response.status).toBe(200);
      const table = v.parse(TeamTunnelStats, response.json);
      expect(table.devices.map((device) => device.deviceUUID).sort()).toEqual(
        [deviceOf.owner, deviceOf.admin, deviceOf.teamUser].sort(),
      );
      expect(table.rows.map((row) => [row[0], row[3], row[5], row[6]])).toEqual([
        [at('10:00'), cast.teamUser.email, 'Team server', false],
        [at('10:05'), cast.owner.email, 'Private server', true],
        [at('10:10'), cast.teamUser.email, 'Team server', false],
      ]);
      const net = v.parse(NetStats, (await get(who, api.teamNetStats(cast.teamId), morning)).json);
      expect(net.rows[0]).toEqual([at('10:00'), 105, 8]);
    }
    const own = v.parse(TeamTunnelStats, (await get(cast.teamUser, api.teamTunnelStats(cast.teamId), morning)).json);
    expect(own.devices.map((device) => device.deviceUUID)).toEqual([deviceOf.teamUser]);
    expect(own.rows).toHaveLength(2);
    const ownNet = v.parse(NetStats, (await get(cast.teamUser, api.teamNetStats(cast.teamId), morning)).json);
    expect(ownNet.rows[0]).toEqual([at('10:00'), 100, 1]);
  });

  it('a stranger, and anybody asking for a team that does not exist, get 403', async () => {
    for (const path of [api.teamTunnelStats(cast.teamId), api.teamNetStats(cast.teamId)]) {
      const response = await get(cast.stranger, path, morning);
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ error: ErrorCode.forbidden, message: StatsMessage.notYours });
    }
    expect((await get(cast.owner, api.teamNetStats(cast.teamId + 1000), morning)).status).toBe(403);
    expect((await get(cast.owner, '/api/stats/team-net-stats/x1', morning)).status).toBe(403);
  });

  it('a device: its owner and the team’s owner and admins see it; a team user and a stranger get 403', async () => {
    const query = { ...morning, device: deviceOf.teamUser };
    for (const who of [cast.teamUser, cast.owner, cast.admin]) {
      const net = await get(who, api.deviceNetStats, query);
      expect(net.status).toBe(200);
      expect(v.parse(NetStats, net.json).rows[9]).toEqual([at('10:09'), 1000, 1]);
      expect(v.parse(TunnelStats, (await get(who, api.deviceTunnelStats, query)).json).rows).toHaveLength(2);
    }
    for (const [who, device] of [
      [cast.stranger, deviceOf.teamUser],
      [cast.teamUser, deviceOf.owner],
      [cast.owner, deviceOf.stranger],
      [cast.owner, crypto.randomUUID()],
    ] as const) {
      for (const path of [api.deviceNetStats, api.deviceTunnelStats]) {
        expect((await get(who, path, { ...morning, device })).status).toBe(403);
      }
    }
  });

  it('without a session every call is 401', async () => {
    for (const path of [api.individualNetStats, api.individualTunnelStats, api.teamNetStats(cast.teamId)]) {
      expect((await portal.request(`${path}?${new URLSearchParams(morning)}`)).status).toBe(401);
    }
  });
});

describe('ranges', () => {
  const refusal = async (query: Record<string, string>, message: string, path: string = api.individualNetStats) => {
    const response = await get(cast.teamUser, path, query);
    expect(response.status).toBe(400);
    expect(response.json.error).toBe(ErrorCode.validation);
    expect(response.json.message).toContain(message);
  };

  it('exactly a year (366 days) is answered in day buckets; a second more is refused', async () => {
    const from = testIso('2025-11-22T12:00:00Z');
    const yearLater = testIso('2026-11-23T12:00:00Z');
    const response = await get(cast.teamUser, api.individualNetStats, { from, to: yearLater });
    expect(response.status).toBe(200);
    const net = v.parse(NetStats, response.json);
    expect(net.bucketSeconds).toBe(86400);
    expect(net.rows).toHaveLength(367);
    expect(net.rows.find((row) => row[0] === testIso('2026-11-22T00:00:00.000Z'))).toEqual([
      testIso('2026-11-22T00:00:00.000Z'),
      5500,
      10,
    ]);
    await refusal({ from, to: testIso('2026-11-23T12:00:01Z') }, StatsMessage.rangeTooLong);
    await refusal({ from, to: testIso('2026-11-23T12:00:01Z') }, StatsMessage.rangeTooLong, api.individualTunnelStats);
  });

  it('reversed, empty, malformed and missing ranges are refused with a clear message', async () => {
    await refusal({ from: at('11:00'), to: at('10:00') }, StatsMessage.rangeReversed);
    await refusal({ from: at('10:00'), to: at('10:00') }, StatsMessage.rangeReversed);
    await refusal({ from: 'yesterday', to: at('10:00') }, StatsMessage.rangeMalformed);
    await refusal({ from: '2026-11-22T10:00:00', to: at('11:00') }, StatsMessage.rangeMalformed);
    await refusal({ from: '2026-02-30T10:00:00Z', to: at('11:00') }, StatsMessage.rangeMalformed);
    await refusal({ to: at('11:00') }, StatsMessage.rangeMissing);
    await refusal({ ...morning, device: 'laptop' }, StatsMessage.deviceMissing, api.deviceNetStats);
    await refusal(morning, StatsMessage.deviceMissing, api.deviceTunnelStats);
  });

  it('buckets follow the range, and hold the sums of their samples', async () => {
    const bucketsOf = async (from: string, to: string) =>
      v.parse(NetStats, (await get(cast.teamUser, api.individualNetStats, { from, to })).json);
    const sixHours = await bucketsOf(at('06:00'), at('12:00'));
    expect([sixHours.bucketSeconds, sixHours.rows.length]).toEqual([60, 360]);
    const twoDays = await bucketsOf(testIso('2026-11-21T00:00:00Z'), testIso('2026-11-23T00:00:00Z'));
    expect(twoDays.bucketSeconds).toBe(300);
    expect(twoDays.rows.filter((row) => row[1] > 0)).toEqual([
      [at('10:00'), 1500, 5],
      [at('10:05'), 4000, 5],
    ]);
    const month = await bucketsOf(testIso('2026-11-01T00:00:00Z'), testIso('2026-12-02T00:00:00Z'));
    expect([month.bucketSeconds, month.rows.length]).toEqual([3600, 31 * 24]);
    expect(month.rows.filter((row) => row[1] > 0)).toEqual([[at('10:00'), 5500, 10]]);
    // A range that starts inside a bucket: the bucket is listed whole, from its own start.
    const offset = await bucketsOf(testIso('2026-11-22T10:02:30Z'), at('10:05'));
    expect(offset.rows).toEqual([
      [at('10:02'), 300, 1],
      [at('10:03'), 400, 1],
      [at('10:04'), 500, 1],
    ]);
  });

  it('tunnel stats list the latest connect rows of a long range, oldest first, and say so', async () => {
    const busy = deviceOf.admin;
    const start = testDate('2026-11-01T00:00:00Z').getTime();
    await insertTunnelEvents(
      portal.db,
      teamServer,
      Array.from({ length: maxConnectRows + 1 }, (_, index) => ({
        at: new Date(start + index * 60_000),
        device: busy,
        type: index % 2 === 0 ? ('connect' as const) : ('disconnect' as const),
      })),
    );
    const query = { from: testIso('2026-11-01T00:00:00Z'), to: testIso('2026-11-02T00:00:00Z'), device: busy };
    const table = v.parse(TunnelStats, (await get(cast.admin, api.deviceTunnelStats, query)).json);
    expect(table.truncated).toBe(true);
    expect(table.rows).toHaveLength(maxConnectRows);
    expect(table.rows[0]?.[0]).toBe(new Date(start + 60_000).toISOString());
    expect(table.rows.at(-1)?.[0]).toBe(new Date(start + maxConnectRows * 60_000).toISOString());
  });
});

describe('ingestion', () => {
  const sample = (batchId: string, rows: object[] = []) => ({
    batchId,
    serverId: teamServer,
    netSamples: [{ at: at('11:00'), device: deviceOf.teamUser, intervalSeconds: 60, rxBytes: 1, txBytes: 2 }, ...rows],
  });

  it('refuses a batch without a signature, with a wrong one, or with a stale timestamp; nothing is stored', async () => {
    const before = await stored();
    const missing = await ingest(sample('unsigned'), { signature: null });
    expect([missing.status, missing.json.error]).toEqual([401, ErrorCode.invalidSignature]);
    const wrong = await ingest(sample('wrongly-signed'), { signature: `v1=${'0'.repeat(64)}` });
    expect([wrong.status, wrong.json.error]).toEqual([401, ErrorCode.invalidSignature]);
    const otherSecret = JSON.stringify(sample('other-secret'));
    const seconds = Math.floor(portal.clock.current.getTime() / 1000);
    const forged = await ingest(sample('other-secret'), {
      signature: signStatsBatch('another-secret-of-at-least-32-characters', seconds, otherSecret),
    });
    expect(forged.status).toBe(401);
    const stale = await ingest(sample('stale'), { timestamp: seconds - 6 * 60 });
    expect([stale.status, stale.json.error]).toEqual([401, ErrorCode.staleEvent]);
    const junk = await ingest(sample('junk-timestamp'), { timestamp: 'soon' });
    expect(junk.status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('stores a batch once: the same batch again is answered as already stored, nothing doubles', async () => {
    const batch = sample('retry-1');
    const first = await ingest(batch);
    expect(first.status).toBe(201);
    expect(v.parse(StatsBatchReceipt, first.json)).toEqual({
      batchId: 'retry-1',
      stored: true,
      tunnelEvents: 0,
      netSamples: 1,
    });
    const afterFirst = await stored();
    const again = await ingest(batch);
    expect(again.status).toBe(200);
    expect(again.json.stored).toBe(false);
    expect(await stored()).toEqual(afterFirst);

    const reused = await ingest(sample('retry-1', [sample('x').netSamples[0] as object]));
    expect([reused.status, reused.json.error]).toEqual([409, ErrorCode.batchIdReused]);
    expect(await stored()).toEqual(afterFirst);
  });

  it('two parallel posts of one batch store it once', async () => {
    const before = await stored();
    const batch = sample('parallel-1', [
      { at: at('11:01'), device: deviceOf.owner, intervalSeconds: 60, rxBytes: 3, txBytes: 4 },
    ]);
    const answers = await Promise.all([ingest(batch), ingest(batch)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(await stored()).toEqual({
      batches: (before.batches ?? 0) + 1,
      samples: (before.samples ?? 0) + 2,
      events: before.events,
    });
  });

  it('refuses a batch with one bad row whole: nothing of it is stored, its id stays free', async () => {
    const before = await stored();
    const unknownDevice = { at: at('11:02'), device: crypto.randomUUID(), intervalSeconds: 60, rxBytes: 1, txBytes: 1 };
    const refused = await ingest(sample('bad-row-1', [unknownDevice]));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(`netSamples.1.device: ${StatsMessage.unknownDevice}`);
    const negative = { at: at('11:02'), device: deviceOf.owner, intervalSeconds: 60, rxBytes: -1, txBytes: 1 };
    const invalid = await ingest(sample('bad-row-1', [negative]));
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toContain(StatsMessage.bytesInvalid);
    const future = { at: at('12:30'), device: deviceOf.owner, intervalSeconds: 60, rxBytes: 1, txBytes: 1 };
    expect((await ingest(sample('bad-row-1', [future]))).json.message).toBe(
      `netSamples.1.at: ${StatsMessage.inTheFuture}`,
    );
    const unknownServer = await ingest({ ...sample('bad-row-1'), serverId: crypto.randomUUID() });
    expect(unknownServer.status).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await portal.db.select().from(statsBatches).where(eq(statsBatches.batchId, 'bad-row-1'))).toEqual([]);
    expect((await ingest(sample('bad-row-1'))).status).toBe(201);
  });
});

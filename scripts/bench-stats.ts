/**
 * `npm run bench:stats`: the six stats calls over a month of one-minute samples for 50 devices
 * (2.16 million samples, with connect and disconnect events every six hours), on PostgreSQL, through
 * the app's HTTP handler in this process (no network in the figures). The data lives in a throw-away
 * schema of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped at the end.
 * It is loaded with generate_series in SQL (the generator of demo-usage.ts would take minutes for this
 * volume), and the rollups are built from the samples as ingestion builds them.
 * Prints p50 and p95 per call for ranges of 6 hours, 2 days and 31 days (minute, five-minute and
 * hourly buckets) and 365 days (daily). Options: BENCH_ITERATIONS (default 40).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { api } from '../contract/api';
import { createApp } from '../server/app';
import { migrate, openDatabase } from '../server/db/database';
import { devices, servers, subscriptions, teamMembers, teams, users } from '../server/db/schema';
import { parseEnv } from '../server/env';
import { sessionCookiePattern } from '../server/http/middleware';
import { createLogger } from '../server/logger';
import { upsertPlanCatalogue } from '../server/services/billing/plan-catalogue';
import { createServices } from '../server/services/index';
import { hashPassword } from '../server/services/passwords';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const origin = 'http://bench.test';
const password = 'bench-stats-password';
const people = 10;
const devicesPerPerson = 5;
const end = new Date('2026-11-01T00:00:00Z');
const monthStart = new Date(end.getTime() - 30 * 24 * 3600 * 1000);

const schema = `bench_stats_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create schema ${schema}`);
const database = await openDatabase({ url, searchPath: schema });
try {
  await migrate(database);
  await upsertPlanCatalogue(database.db);
  const { db } = database;
  const started = performance.now();

  const passwordHash = await hashPassword(password);
  const members = await db
    .insert(users)
    .values(Array.from({ length: people }, (_, index) => ({ email: `bench.${index}@example.test`, passwordHash })))
    .returning({ id: users.id, email: users.email });
  const [owner] = members;
  if (!owner) throw new Error('no owner');
  const [team] = await db.insert(teams).values({ name: 'Bench team' }).returning({ id: teams.id });
  if (!team) throw new Error('no team');
  await db.insert(teamMembers).values(
    members.map((member, index) => ({
      teamId: team.id,
      userId: member.id,
      role: index === 0 ? ('admin' as const) : ('user' as const),
    })),
  );
  await db.insert(subscriptions).values({
    referenceId: 'bench-team',
    ownerId: owner.id,
    teamId: team.id,
    type: 'teams',
    productName: 'Teams',
    planCode: 'teams-monthly',
    quantity: people,
  });
  const [server] = await db
    .insert(servers)
    .values({ ownerId: owner.id, teamId: team.id, name: 'Bench server' })
    .returning({ id: servers.id });
  const linked = await db
    .insert(devices)
    .values(
      members.flatMap((member) =>
        Array.from({ length: devicesPerPerson }, (_, index) => ({ userId: member.id, name: `Device ${index + 1}` })),
      ),
    )
    .returning({ id: devices.deviceUuid, userId: devices.userId });
  const ownDevice = linked.find((device) => device.userId === owner.id)?.id ?? '';

  const from = monthStart.toISOString();
  const to = end.toISOString();
  await db.execute(sql`
    insert into net_samples (device_uuid, server_id, at, interval_seconds, rx_bytes, tx_bytes)
    select d.device_uuid, ${server?.id}::uuid, t, 60,
      (300000 + 200000 * sin(extract(epoch from t) / 13751) + random() * 100000)::bigint,
      (30000 + random() * 20000)::bigint
    from devices d cross join generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 minute',
      interval '1 minute') as t`);
  await db.execute(sql`
    insert into net_rollups (device_uuid, bucket_seconds, bucket_start, rx_bytes, tx_bytes)
    select s.device_uuid, w.seconds, date_bin(make_interval(secs => w.seconds), s.at, timestamptz '1970-01-01Z'),
      sum(s.rx_bytes), sum(s.tx_bytes)
    from net_samples s cross join (values (300), (3600)) as w(seconds)
    group by 1, 2, 3`);
  await db.execute(sql`
    insert into tunnel_events (device_uuid, server_id, at, type)
    select d.device_uuid, ${server?.id}::uuid, t + k.after, k.type
    from devices d
    cross join generate_series(${from}::timestamptz, ${to}::timestamptz - interval '6 hours', interval '6 hours') as t
    cross join (values ('connect', interval '0'), ('disconnect', interval '5 hours')) as k(type, after)`);
  await db.execute(sql`vacuum analyze net_samples`);
  await db.execute(sql`vacuum analyze net_rollups`);
  await db.execute(sql`vacuum analyze tunnel_events`);
  const counted = (await db.execute(
    sql`select (select count(*) from net_samples)::int as samples, (select count(*) from tunnel_events)::int as events`,
  )) as unknown as { rows: { samples: number; events: number }[] };
  console.log(
    `Loaded ${counted.rows[0]?.samples} samples and ${counted.rows[0]?.events} tunnel events for ${linked.length} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const env = parseEnv({ APP_ENV: 'development', PUBLIC_ORIGIN: origin, LOG_LEVEL: 'silent', BOT_CHECK: 'off' });
  const app = createApp(createServices({ database, env, logger: createLogger(env.logLevel) }));
  const body = JSON.stringify({ email: owner.email, password });
  const login = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), origin },
    body,
  });
  const cookie = sessionCookiePattern.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);

  const hours = (count: number) => new Date(end.getTime() - count * 3600 * 1000).toISOString();
  const ranges = [
    { label: '6 h', from: hours(6) },
    { label: '2 days', from: hours(48) },
    { label: '31 days', from: hours(31 * 24) },
    { label: '365 days', from: hours(365 * 24) },
  ];
  const calls = [
    { name: 'individual-tunnel-stats (5 devices)', path: api.individualTunnelStats, device: false },
    { name: 'individual-net-stats (5 devices)', path: api.individualNetStats, device: false },
    { name: 'team-tunnel-stats (50 devices)', path: api.teamTunnelStats(team.id), device: false },
    { name: 'team-net-stats (50 devices)', path: api.teamNetStats(team.id), device: false },
    { name: 'device-tunnel-stats', path: api.deviceTunnelStats, device: true },
    { name: 'device-net-stats', path: api.deviceNetStats, device: true },
  ];
  const lines = ['| Call | Range | p50 ms | p95 ms |', '|---|---|---|---|'];
  for (const call of calls) {
    for (const range of ranges) {
      const query = new URLSearchParams({ from: range.from, to, ...(call.device ? { device: ownDevice } : {}) });
      const timings: number[] = [];
      for (let round = 0; round < iterations + 5; round++) {
        const began = performance.now();
        const response = await app.request(`${call.path}?${query}`, { headers: { cookie } });
        await response.text();
        if (response.status !== 200) throw new Error(`${call.path}: ${response.status}`);
        if (round >= 5) timings.push(performance.now() - began);
      }
      timings.sort((a, b) => a - b);
      const at = (share: number) =>
        (timings[Math.min(timings.length - 1, Math.floor(share * timings.length))] ?? 0).toFixed(1);
      lines.push(`| ${call.name} | ${range.label} | ${at(0.5)} | ${at(0.95)} |`);
    }
  }
  console.log(lines.join('\n'));
} finally {
  await database.close();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}

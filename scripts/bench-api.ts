/**
 * `npm run bench:api`: the API under load. Starts the portal's API in this process on a free port
 * over a fresh database (in-memory PGlite, or DATABASE_URL when set), signs in a demo account, and
 * drives each endpoint with autocannon, printing throughput and latency percentiles.
 * Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { createApp } from '../server/app';
import { migrate, openDatabase } from '../server/db/database';
import { demoAccounts, demoPassword, seedDemoAccounts } from '../server/db/seed-demo';
import { parseEnv } from '../server/env';
import { createLogger } from '../server/logger';
import { createServices } from '../server/services/index';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const database = await openDatabase({ url: process.env.DATABASE_URL ?? 'memory://' });
await migrate(database);
await seedDemoAccounts(database.db);

const server = serve({ fetch: () => new Response(), port: 0 });
await new Promise((resolve) => server.once('listening', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
server.close();

const env = parseEnv({ PUBLIC_ORIGIN: origin, LOG_LEVEL: 'silent' });
const app = createApp(createServices({ db: database.db, env, logger: createLogger('silent') }));
const listener = serve({ fetch: app.fetch, port: Number(new URL(origin).port), hostname: '127.0.0.1' });
await new Promise((resolve) => listener.once('listening', resolve));

const login = await fetch(`${origin}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ email: demoAccounts.teamOwner, password: demoPassword }),
});
const cookie = /portal_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
if (!cookie) throw new Error(`demo sign-in failed: ${login.status}`);

type Scenario = { name: string; path: string; options?: Partial<autocannon.Options> };
const scenarios: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/user (session check)', path: '/api/user', options: { headers: { cookie } } },
  { name: 'GET /api/account/user', path: '/api/account/user', options: { headers: { cookie } } },
  {
    // Successful sign-ins: argon2id verification, a session row and a signature each.
    name: 'POST /api/auth/login (argon2id)',
    path: '/api/auth/login',
    options: {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: demoAccounts.teamOwner, password: demoPassword }),
    },
  },
];

const rows: string[][] = [];
for (const scenario of scenarios) {
  const result = await autocannon({
    url: `${origin}${scenario.path}`,
    connections,
    duration: seconds,
    ...scenario.options,
  });
  const ok = result['2xx'];
  rows.push([
    scenario.name,
    result.requests.average.toFixed(0),
    `${result.latency.p50} ms`,
    `${result.latency.p97_5} ms`,
    `${result.latency.p99} ms`,
    `${ok}/${result.requests.total}`,
  ]);
}

const header = ['endpoint', 'req/s', 'p50', 'p97.5', 'p99', '2xx/all'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
console.log(`\n${connections} connections, ${seconds} s each, database: ${database.kind}, Node ${process.version}\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));

listener.close();
await database.close();

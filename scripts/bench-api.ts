/**
 * `npm run bench:api`: the API under load, beside a bare Hono server answering the same bodies in
 * the same run, so the figures say what the portal costs on this machine rather than how fast the
 * machine is. Each server runs in a child process of its own (as in production: one process per
 * core behind a balancer); autocannon drives them from this process.
 *
 * The portal runs on a fresh database: in-memory PGlite, or, with DATABASE_URL=postgres://…, a
 * schema of its own in that database that is dropped at the end. It logs at info, to /dev/null.
 * Options: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50), BENCH_RATE (default 1000).
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import { demoAccounts, demoPassword } from '../server/db/seed-demo';
import { parseEnv } from '../server/env';
import { createLogger } from '../server/logger';
import { startPortal } from '../server/portal';
import { freePort, signInDemoOwner } from './support/portal-client';

type CapturedAnswer = { path: string; status: number; body: unknown };
type ChildMessage = { port: number };

const mode = process.argv[2];
if (mode === '--serve-portal') await servePortal();
else if (mode === '--serve-bare') await serveBare();
else await runBenchmark();

/** Child: the portal's API (no client files), on the port and database the parent chose. */
async function servePortal(): Promise<void> {
  const env = parseEnv(process.env);
  const database = await openDatabase({
    url: env.databaseUrl ?? 'memory://',
    searchPath: process.env.BENCH_SCHEMA || undefined,
  });
  const portal = await startPortal({ env, database, logger: createLogger(env.logLevel), clientDir: null });
  process.send?.({ port: portal.port } satisfies ChildMessage);
}

/** Child: plain Hono on Node answering each captured path with the portal's own status and body. */
async function serveBare(): Promise<void> {
  const answers: CapturedAnswer[] = JSON.parse(process.env.BENCH_ANSWERS ?? '[]');
  const app = new Hono();
  for (const answer of answers) {
    app.get(answer.path, (c) => c.json(answer.body as object, answer.status as 200));
  }
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port } satisfies ChildMessage);
}

function startChild(flag: string, env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(new URL(import.meta.url).pathname, [flag], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: ChildMessage) => resolve({ child, origin: `http://127.0.0.1:${message.port}` }));
    child.once('exit', (code) => reject(new Error(`${flag} exited with ${code} before it listened`)));
  });
}

async function runBenchmark(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const rate = Number(process.env.BENCH_RATE ?? 1000);
  const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  const schema = postgresUrl ? `bench_${crypto.randomUUID().replaceAll('-', '')}` : '';
  if (postgresUrl) await adminQuery(postgresUrl, `create schema ${schema}`);

  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const portal = await startChild('--serve-portal', {
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATABASE_URL: postgresUrl ?? 'memory://',
      BENCH_SCHEMA: schema,
      LOG_LEVEL: 'info',
    });
    children.push(portal.child);

    const cookie = await signInDemoOwner(portal.origin);

    // The bare server answers what the portal answered: the same status and the same JSON.
    const captured: CapturedAnswer[] = [];
    for (const [path, headers] of [
      ['/api/account/user', { cookie }],
      ['/api/user', { cookie }],
    ] as const) {
      const response = await fetch(`${portal.origin}${path}`, { headers });
      captured.push({ path, status: response.status, body: await response.json() });
    }
    const bare = await startChild('--serve-bare', { BENCH_ANSWERS: JSON.stringify(captured) });
    children.push(bare.child);

    /** A warm-up second (JIT, prepared statements, caches), then the measured run. */
    const measure = async (origin: string, path: string, options: Partial<autocannon.Options> = {}) => {
      const run = (duration: number) => autocannon({ url: `${origin}${path}`, connections, duration, ...options });
      await run(1);
      const result = await run(seconds);
      if (result.non2xx + result.errors > 0) {
        throw new Error(`${path}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
      }
      return result;
    };

    const rows: string[][] = [];
    const compare = async (name: string, path: string, options: Partial<autocannon.Options> = {}) => {
      const mine = await measure(portal.origin, path, options);
      const theirs = await measure(bare.origin, path, options);
      const overheadMicros = (1 / mine.requests.average - 1 / theirs.requests.average) * 1e6;
      rows.push([
        name,
        mine.requests.average.toFixed(0),
        `${mine.latency.p99} ms`,
        theirs.requests.average.toFixed(0),
        (mine.requests.average / theirs.requests.average).toFixed(3),
        `${overheadMicros.toFixed(0)} µs`,
      ]);
    };
    await compare('GET /api/account/user (signed in)', '/api/account/user', { headers: { cookie } });
    // A cached session and no query: what the middleware stack and the session check cost.
    await compare('GET /api/user (signed in, no query)', '/api/user', { headers: { cookie } });

    const steady = await measure(portal.origin, '/api/account/user', { headers: { cookie }, overallRate: rate });
    const signIn = await measure(portal.origin, '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.origin },
      body: JSON.stringify({ email: demoAccounts.teamOwner, password: demoPassword }),
    });

    const database = postgresUrl ? 'PostgreSQL' : 'PGlite (in memory)';
    console.log(`\n${database}, Node ${process.version}, ${connections} connections, ${seconds} s each\n`);
    printTable(['scenario', 'portal req/s', 'portal p99', 'bare req/s', 'ratio', 'cost per request'], rows);
    console.log(
      `\nGET /api/account/user at a fixed ${rate} req/s: p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms` +
        ` (${steady.requests.average.toFixed(0)} req/s served)`,
    );
    console.log(
      `POST /api/auth/login (argon2id, a session each): ${signIn.requests.average.toFixed(0)} req/s, p99 ${signIn.latency.p99} ms`,
    );
  } finally {
    for (const child of children) child.kill();
    if (postgresUrl) await adminQuery(postgresUrl, `drop schema if exists ${schema} cascade`);
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

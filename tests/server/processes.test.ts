// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { demoAccounts, demoPassword } from '../../server/db/seed-demo';
import { sessionCookiePattern } from '../../server/http/middleware';

/**
 * `WEB_CONCURRENCY=2 npm run serve` on PostgreSQL (issue 26): two processes behind one port, over one
 * database, as deployed. Each request opens a connection of its own, so Node's cluster hands them to
 * the processes in turn. Runs where the server suite runs on PostgreSQL (CI's second run).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const database = `portal_processes_${randomBytes(4).toString('hex')}`;
let portal: ChildProcess | undefined;
let port = 0;
const logLines: { msg?: string; pid?: number; route?: string }[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

type Answer = { status: number; body: string; cookie: string | null };

/** One request on a connection of its own (no keep-alive), from a browser of the portal's origin. */
function send(
  path: string,
  { method = 'GET', json, cookie }: { method?: string; json?: unknown; cookie?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: {
          origin: `http://localhost:${port}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const setCookie = [response.headers['set-cookie'] ?? []].flat().join('; ');
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            cookie: sessionCookiePattern.exec(setCookie)?.[0] ?? null,
          });
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function signIn(email: string): Promise<string> {
  const answer = await send(api.login, { method: 'POST', json: { email, password: demoPassword } });
  if (answer.status !== 200 || !answer.cookie) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
  return answer.cookie;
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const listeningPids = () => new Set(logLines.filter((line) => line.msg === 'portal listening').map((line) => line.pid));

beforeAll(async () => {
  if (!postgresUrl) return;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  port = await freePort();
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = `/${database}`;
  // Node itself with tsx's loader (what `npm run serve` runs), so SIGTERM reaches the portal's primary.
  portal = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl.toString(),
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'info',
      BOT_CHECK: 'off',
      LOCAL_OPENID_PROVIDER_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  portal.stdout?.on('data', (chunk: Buffer) => {
    partial += chunk.toString('utf8');
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logLines.push(JSON.parse(line));
  });
  await until(() => listeningPids().size === 2, 120_000, 'two portal processes');
}, 150_000);

afterAll(async () => {
  if (!postgresUrl) return;
  if (portal && portal.exitCode === null) {
    const exited = new Promise((resolve) => portal?.once('exit', resolve));
    portal.kill('SIGTERM');
    await exited;
  }
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}, 60_000);

describe.runIf(postgresUrl)('two portal processes on one PostgreSQL', () => {
  it('both serve the port, the demo data seeded once', async () => {
    expect(listeningPids().size).toBe(2);
    expect(logLines.filter((line) => line.msg === 'demo accounts created (see README.md)')).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => send('/api/health')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    // The cluster handed the connections to both processes, each logging the requests it answered.
    const answeredBy = new Set(logLines.filter((line) => line.msg === 'request').map((line) => line.pid));
    expect(answeredBy).toEqual(listeningPids());
  });

  it('signs out everywhere: a session ended through one process is refused by both', async () => {
    const cookie = await signIn(demoAccounts.individual);
    const reads = await Promise.all(Array.from({ length: 6 }, () => send(api.accountUser, { cookie })));
    expect(reads.map((read) => read.status)).toEqual(Array(6).fill(200));
    expect((await send(api.logout, { method: 'POST', cookie })).status).toBeLessThan(300);
    // Revocation reaches the other process by NOTIFY: within a second.
    await until(
      async () =>
        (await Promise.all(Array.from({ length: 6 }, () => send(api.accountUser, { cookie })))).every(
          (read) => read.status === 401,
        ),
      1_000,
      'the sign-out to reach both processes',
    );
  });

  it('keeps the seat limit when both processes add members at once', async () => {
    const owner = await signIn(demoAccounts.teamOwner);
    const team = JSON.parse((await send(api.subscriptionTeam('demo-teams-yearly'), { cookie: owner })).body) as {
      seats: number;
      seatsInUse: number;
    };
    const free = team.seats - team.seatsInUse;
    expect(free).toBeGreaterThan(0);
    const adds = await Promise.all(
      Array.from({ length: free + 6 }, (_, index) =>
        send(`${api.subscriptionTeam('demo-teams-yearly')}/member`, {
          method: 'POST',
          json: { email: `processes.${index}@example.test`, role: 'user' },
          cookie: owner,
        }),
      ),
    );
    expect(adds.filter((add) => add.status < 300)).toHaveLength(free);
    expect(adds.filter((add) => add.status === 400).length).toBe(6);
    const after = JSON.parse((await send(api.subscriptionTeam('demo-teams-yearly'), { cookie: owner })).body) as {
      seatsInUse: number;
    };
    expect(after.seatsInUse).toBe(team.seats);
  });

  it('stops on SIGTERM: every process finishes and the port closes', async () => {
    const exited = new Promise<number | null>((resolve) => portal?.once('exit', resolve));
    portal?.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(logLines.filter((line) => line.msg === 'shutting down')).toHaveLength(2);
    await expect(send('/api/health')).rejects.toThrow();
  }, 30_000);
});

/**
 * `npm run scan`: a security scan of the portal with Debian's wapiti and sqlmap (issue 21). Not part
 * of `npm test` or CI: it takes ten minutes or so (its time limits bound it to about 25), and its
 * findings need a person to read them.
 *
 * It builds the client when dist/client is missing, starts the portal as a child process on a free
 * loopback port over a throw-away in-memory PGlite (demo accounts included), and waits for
 * /api/health. Every call is taken from the Hono app itself (method and path, the authoritative
 * list; the contract's route table is checked against it), each with an example request below:
 * real ids of the demo accounts, valid bodies from the contract's schemas, the headers and cookies
 * the call needs. Then:
 *
 * 1. wapiti crawls the portal signed in as the demo team owner and attacks every GET call and page
 *    it is given (query parameters), and checks headers, cookies and the CSP;
 * 2. a NUL probe sends a NUL character (U+0000) once in every string input of every example (wapiti
 *    found that PostgreSQL's refusal of it in text is answered 500; see docs/security-scan.md);
 * 3. sqlmap tests every call on its own, in order (reads, then changes, then deletions), each with a
 *    fresh session of its demo account: path and query parameters, JSON fields, the headers and
 *    cookies the call reads, PostgreSQL payloads, level 2, risk 1, one thread.
 *
 * The summary (calls, findings per tool, 5xx answers, the portal's unhandled errors, duration) is
 * printed and written to test-results/security-scan/summary.json beside each tool's raw output and
 * the portal's log. The portal is stopped at the end, on failure and on Ctrl-C. Exit code 1 when
 * sqlmap confirms an injection or wapiti reports a high or critical vulnerability; 2 when a tool is
 * missing. docs/security-scan.md explains the choices below and the latest triage.
 *
 * Options (environment): SCAN_WAPITI_SECONDS (480; 0 skips wapiti), SCAN_SQLMAP_SECONDS (900, the
 * budget of all sqlmap runs; 0 skips sqlmap), SCAN_SQLMAP_CALL_SECONDS (120, one call's limit),
 * SCAN_SQLMAP_LEVEL (2), SCAN_SQLMAP_RISK (1), SCAN_NUL_PROBE (0 skips it), SCAN_ONLY (a regular
 * expression on "METHOD /path"), SCAN_OUT_DIR (test-results/security-scan).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { resendCooldownSeconds } from '../contract/account-creation';
import { api } from '../contract/api';
import { createApp } from '../server/app';
import type { DatabaseHandle } from '../server/db/database';
import {
  demoAccounts,
  demoCoupons,
  demoInvitationCode,
  demoPassword,
  demoRecoveryCodes,
  demoRouterCoupons,
} from '../server/db/seed-demo';
import { parseEnv } from '../server/env';
import { sessionCookiePattern } from '../server/http/middleware';
import { createLogger } from '../server/logger';
import { developmentBillingWebhookSecret, signBillingEvent } from '../server/services/billing/event-signature';
import { createServices } from '../server/services/index';
import { developmentStatsIngestSecret } from '../server/services/stats/batch-signature';
import { freePort } from './support/portal-client';

// ---------------------------------------------------------------------------------------------
// Settings

function wholeNumberSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${raw}`);
  }
  return value;
}

const outDir = process.env.SCAN_OUT_DIR ?? 'test-results/security-scan';
const wapitiSeconds = wholeNumberSetting('SCAN_WAPITI_SECONDS', 480, 0, 86_400);
const sqlmapBudgetSeconds = wholeNumberSetting('SCAN_SQLMAP_SECONDS', 900, 0, 86_400);
const sqlmapCallSeconds = wholeNumberSetting('SCAN_SQLMAP_CALL_SECONDS', 120, 10, 3600);
const sqlmapLevel = wholeNumberSetting('SCAN_SQLMAP_LEVEL', 2, 1, 5);
const sqlmapRisk = wholeNumberSetting('SCAN_SQLMAP_RISK', 1, 1, 3);
const only = process.env.SCAN_ONLY ? new RegExp(process.env.SCAN_ONLY) : null;

/** wapiti's modules for an API and a single-page app; ssrf and xxe need wapiti's endpoint on the internet. */
const wapitiModules = [
  'http_headers',
  'csp',
  'cookieflags',
  'methods',
  'sql',
  'blindsql',
  'exec',
  'file',
  'xss',
  'permanentxss',
  'redirect',
  'crlf',
];
/** wapiti's requests come from one address of the documentation range (TRUST_PROXY=1). */
const wapitiClientAddress = '198.51.100.7';

const started = Date.now();
const secondsSince = (start: number) => Math.round((Date.now() - start) / 1000);

// ---------------------------------------------------------------------------------------------
// The tools

type ToolVersions = { sqlmap: string; wapiti: string };

function toolVersions(): ToolVersions {
  const versionOf = (command: string, pattern: RegExp) => {
    const run = spawnSync(command, ['--version'], { encoding: 'utf8' });
    if (run.error || run.status !== 0) return null;
    return pattern.exec(`${run.stdout}${run.stderr}`)?.[1] ?? 'unknown';
  };
  const sqlmap = versionOf('sqlmap', /(\d+\.\d+(?:\.\d+)*\S*)/);
  const wapiti = versionOf('wapiti', /Wapiti-(\d+\.\d+\.\d+)/);
  const missing = [!sqlmap && 'sqlmap', !wapiti && 'wapiti'].filter(Boolean);
  if (missing.length > 0 || !sqlmap || !wapiti) {
    console.error(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed. Debian's packages:\n` +
        '  sudo apt-get install -y wapiti sqlmap\n(wapiti 3.0.4 and sqlmap 1.7.2 on Debian 12; other versions should work).',
    );
    process.exit(2);
  }
  return { sqlmap, wapiti };
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is stopped when the scan ends, fails or is interrupted.

const children = new Set<ChildProcess>();

function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

process.on('exit', () => {
  for (const child of children) if (running(child)) child.kill('SIGKILL');
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopping = true;
    console.error(`\n${signal}: stopping the scanners and the portal`);
    for (const child of children) if (running(child)) child.kill('SIGTERM');
    setTimeout(() => process.exit(130), 1500).unref();
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  return running(child) ? new Promise((resolve) => child.once('exit', () => resolve())) : Promise.resolve();
}

/** Runs a tool, its output to a file, killed after `seconds`; resolves with whether it timed out. */
async function runTool(
  command: string,
  args: string[],
  logFile: string,
  seconds: number,
): Promise<{ timedOut: boolean; exitCode: number | null }> {
  const log = createWriteStream(logFile);
  const child = track(spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
    setTimeout(() => running(child) && child.kill('SIGKILL'), 5000).unref();
  }, seconds * 1000);
  await waitForExit(child);
  clearTimeout(timer);
  await new Promise((resolve) => log.end(resolve));
  return { timedOut, exitCode: child.exitCode };
}

// ---------------------------------------------------------------------------------------------
// The calls: every method and path the Hono app serves, and the contract's route table against it.

type Call = { method: string; path: string; key: string };

function callsOf(env: Record<string, string>): Call[] {
  const parsed = parseEnv(env);
  // The route table is built without touching the database: no handler runs here.
  const services = createServices({
    database: { db: null } as unknown as DatabaseHandle,
    env: parsed,
    logger: createLogger('silent'),
  });
  const seen = new Map<string, Call>();
  for (const route of createApp(services).routes) {
    if (route.method === 'ALL') continue; // middleware
    const key = `${route.method} ${route.path}`;
    if (!seen.has(key)) seen.set(key, { method: route.method, path: route.path, key });
  }
  return [...seen.values()];
}

/** The contract's paths (contract/api.ts) that no route serves. */
function contractPathsNotServed(calls: Call[]): string[] {
  const placeholder = '__param__';
  const normalise = (path: string) => path.replace(/:[A-Za-z]+/g, placeholder);
  const served = new Set(calls.map((call) => normalise(call.path)));
  const missing: string[] = [];
  for (const [name, entry] of Object.entries(api)) {
    const path =
      typeof entry === 'function'
        ? (entry as (...args: string[]) => string)(...Array.from({ length: entry.length }, () => placeholder))
        : entry;
    if (!served.has(path)) missing.push(`${name}: ${path.replaceAll(placeholder, ':param')}`);
  }
  return missing;
}

// ---------------------------------------------------------------------------------------------
// Talking to the portal

type Account = keyof typeof demoAccounts;
let origin = '';

type Answer = { status: number; body: unknown; text: string; cookies: string[] };

async function request(
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      origin,
      accept: 'application/json',
      // The scan's own requests come from addresses of their own too (TRUST_PROXY=1), so that the
      // limits per client address never refuse what the examples need; /dev answers loopback only.
      ...(path.startsWith('/dev/') ? {} : { 'x-forwarded-for': randomAddress() }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  return { status: response.status, body, text, cookies };
}

/** Fails with what the portal answered unless the status is one of `expected`. */
async function expectOk(answer: Promise<Answer>, what: string, expected = [200, 201, 202]): Promise<Answer> {
  const result = await answer;
  if (!expected.includes(result.status)) throw new Error(`${what}: ${result.status} ${result.text.slice(0, 300)}`);
  return result;
}

async function signIn(account: Account): Promise<string> {
  const answer = await request('POST', api.login, { body: { email: demoAccounts[account], password: demoPassword } });
  const cookie = answer.cookies.find((pair) => sessionCookiePattern.test(pair));
  if (!cookie) throw new Error(`sign-in of the demo ${account} failed: ${answer.status} ${answer.text}`);
  return cookie;
}

async function waitForHealth(portal: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!running(portal))
      throw new Error(`the portal exited (${portal.exitCode ?? portal.signalCode}); see portal.log`);
    const ok = await fetch(`${origin}${api.health}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${origin}${api.health} did not answer within 120 s`);
}

const randomAddress = () => `100.64.${randomInt(256)}.${randomInt(1, 255)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `read` returns something, for mail and text messages the portal writes in the background. */
async function eventually<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const value = await read();
    if (value !== null) return value;
    await sleep(250);
  }
  throw new Error(`${what} did not arrive within 10 s`);
}

// ---------------------------------------------------------------------------------------------
// Fixtures: ids of the demo accounts, and the codes and tokens some calls need, fetched when needed.

type OwnerData = {
  userid: string;
  teamId: number;
  deviceUuid: string;
  serverId: string;
  routerId: string;
  invoiceNumber: number;
  teamAdminId: string;
  teamUserId: string;
};

const teamsReference = 'demo-teams-yearly';
const scanPhone = '+12015550123';
let ownerData: OwnerData | null = null;
let teamApiKey: string | null = null;

async function owner(): Promise<OwnerData> {
  if (ownerData) return ownerData;
  const cookie = await signIn('teamOwner');
  const user = (await expectOk(request('GET', api.accountUser, { cookie }), 'account')).body as {
    userid: string;
    servers: { serverId: string }[];
    activeDevices: { deviceUuid: string }[];
    subscriptions: { referenceId: string; team: { teamId: number } | null }[];
  };
  const team = (await expectOk(request('GET', api.subscriptionTeam(teamsReference), { cookie }), 'team')).body as {
    teamId: number;
    teamMembers: { userid: string; email: string }[];
  };
  const routers = (await expectOk(request('GET', api.routers, { cookie }), 'routers')).body as {
    routers: { routerId: string }[];
  };
  const billing = (
    await expectOk(request('GET', `${api.billing}?referenceId=${teamsReference}`, { cookie }), 'billing')
  ).body as { invoices: { invoiceNumber: number }[] };
  const memberId = (email: string) => team.teamMembers.find((member) => member.email === email)?.userid ?? '';
  const data = {
    userid: user.userid,
    teamId: team.teamId,
    deviceUuid: user.activeDevices[0]?.deviceUuid ?? '',
    serverId: user.servers[0]?.serverId ?? '',
    routerId: routers.routers[0]?.routerId ?? '',
    invoiceNumber: billing.invoices[0]?.invoiceNumber ?? 0,
    teamAdminId: memberId(demoAccounts.teamAdmin),
    teamUserId: memberId(demoAccounts.teamUser),
  };
  const missing = Object.entries(data).filter(([, value]) => value === '' || value === 0);
  if (missing.length > 0) throw new Error(`demo data missing: ${missing.map(([name]) => name).join(', ')}`);
  ownerData = data;
  return data;
}

/** An API key of the demo team usable from any address, for the team API (x-api-key). */
async function teamKey(): Promise<string> {
  if (teamApiKey) return teamApiKey;
  const cookie = await signIn('teamOwner');
  const created = await expectOk(
    request('POST', api.apiKeys(teamsReference), { cookie, body: { description: 'security scan', allowedIPs: [] } }),
    'API key',
  );
  teamApiKey = (created.body as { apiKey: string }).apiKey;
  return teamApiKey;
}

async function newApiKeyId(cookie: string): Promise<string> {
  const created = await expectOk(
    request('POST', api.apiKeys(teamsReference), { cookie, body: { description: 'scan: to delete', allowedIPs: [] } }),
    'API key',
  );
  return (created.body as { key: { keyId: string } }).key.keyId;
}

/** A QR sign-in request of a fresh browser: its id and the cookie with the browser's key. */
async function qrRequest(): Promise<{ id: string; matchNumber: number; keyCookie: string }> {
  const created = await expectOk(request('POST', api.qrSignIn, { body: {} }), 'QR sign-in request');
  const keyCookie = created.cookies.find((pair) => pair.startsWith('portal_qr_key=')) ?? '';
  const { id, matchNumber } = created.body as { id: string; matchNumber: number };
  return { id, matchNumber, keyCookie };
}

/** A device's activation code (the VPN app's side). */
async function activation(): Promise<{ deviceUUID: string; activationCode: string; pollToken: string }> {
  const created = await expectOk(
    request('POST', api.deviceActivationCode, { body: { platform: 'linux', deviceName: 'Scan laptop' } }),
    'activation code',
  );
  return created.body as { deviceUUID: string; activationCode: string; pollToken: string };
}

async function linkFreshDevice(cookie: string): Promise<string> {
  const device = await activation();
  await expectOk(
    request('PATCH', api.linkDevice, {
      cookie,
      body: { userid: (await owner()).userid, activationCode: device.activationCode },
    }),
    'link a device',
  );
  return device.deviceUUID;
}

/** The articles of the development mailbox, newest first. */
async function mailbox(): Promise<string[]> {
  const page = await request('GET', '/dev/mailbox');
  return page.text.split('<article>').slice(1);
}

async function mailedMatch(email: string, pattern: RegExp, before: Set<string>): Promise<string> {
  return eventually(`a mail to ${email}`, async () => {
    for (const article of await mailbox()) {
      if (!article.includes(`To <strong>${email}</strong>`)) continue;
      const found = pattern.exec(article)?.[1];
      if (found && !before.has(found)) return found;
    }
    return null;
  });
}

async function mailedValues(email: string, pattern: RegExp): Promise<Set<string>> {
  const values = new Set<string>();
  for (const article of await mailbox()) {
    const found = article.includes(`To <strong>${email}</strong>`) ? pattern.exec(article)?.[1] : undefined;
    if (found) values.add(found);
  }
  return values;
}

const resetLink = /\/password\/reset\/([A-Za-z0-9_-]{43})/;
const mailedCode = /\n(\d{6})\n/;
const linkToken = /[?=/]([A-Za-z0-9_-]{43})\b/;

async function resetToken(email: string): Promise<string> {
  const before = await mailedValues(email, resetLink);
  await expectOk(request('POST', api.forgotPassword, { body: { email } }), 'forgot password');
  return mailedMatch(email, resetLink, before);
}

async function pendingAccountCode(email: string): Promise<string> {
  const before = await mailedValues(email, mailedCode);
  await expectOk(request('POST', api.createPendingAccount, { body: { email } }), 'pending account');
  return mailedMatch(email, mailedCode, before);
}

async function latestTextedCode(phone: string): Promise<string | null> {
  const texts = (await request('GET', `/dev/mailbox/sms?to=${encodeURIComponent(phone)}`)).body as
    | { body: string }[]
    | null;
  const last = texts?.at(-1);
  return last ? (/\b(\d{6})\b/.exec(last.body)?.[1] ?? null) : null;
}

async function sessionIdOf(cookie: string): Promise<string> {
  const list = (await expectOk(request('GET', api.accountSessions, { cookie }), 'sessions')).body as {
    sessions: { id: string; current: boolean }[];
  };
  const current = list.sessions.find((session) => session.current);
  if (!current) throw new Error('no current session in the list');
  return current.id;
}

const isoMinus = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

/**
 * A sign-in at the local OpenID provider, as a person would: started at the portal (its binding
 * cookie), signed in on the provider's development page as `login` (any password), and the answer
 * it sends back to the portal's callback page (code, state, iss).
 */
async function providerAnswer(
  login: string,
  provider: 'google' | 'microsoft',
): Promise<{ bindingCookie: string; answer: Record<string, string> }> {
  const start = await expectOk(
    request('POST', api.startProviderSignIn(provider), { body: { redirect: '/account' } }),
    'provider start',
  );
  const bindingCookie = start.cookies.find((pair) => pair.startsWith('portal_provider_sign_in=')) ?? '';
  const jar = new Map<string, string>();
  let url = (start.body as { authorizationUrl: string }).authorizationUrl;
  for (let step = 0; step < 10; step++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const interaction = /\/interaction\/[^/?]+$/.test(new URL(url).pathname);
    const response = await fetch(url, {
      redirect: 'manual',
      ...(interaction
        ? {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
          }
        : { headers: { cookie } }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the local provider stopped at ${url} with ${response.status}`);
    const next = new URL(location, url);
    if (next.origin === origin) return { bindingCookie, answer: Object.fromEntries(next.searchParams) };
    url = next.href;
  }
  throw new Error('the local provider never sent the person back');
}

/**
 * A provider's sign-in for the demo individual that waits for the owner's consent: its link cookie.
 * Once a provider's identity is linked, it signs in directly: link/password links Microsoft's, link/confirm Google's.
 */
async function identityLinkCookie(provider: 'google' | 'microsoft'): Promise<string> {
  const { bindingCookie, answer } = await providerAnswer(demoAccounts.individual, provider);
  const completed = await expectOk(
    request('POST', api.completeProviderSignIn(provider), { cookie: bindingCookie, body: answer }),
    'provider sign-in',
  );
  const linkCookie = completed.cookies.find((pair) => pair.startsWith('portal_provider_link='));
  if (!linkCookie) throw new Error(`the provider's sign-in asked for no link: ${completed.text.slice(0, 200)}`);
  return linkCookie;
}

/** The demo two-step account's password sign-in, waiting for its second step: its cookie. */
async function secondFactorCookie(): Promise<string> {
  const answered = await expectOk(
    request('POST', api.login, { body: { email: demoAccounts.twoStep, password: demoPassword } }),
    'password step',
  );
  const cookie = answered.cookies.find((pair) => pair.startsWith('portal_second_factor='));
  if (!cookie) throw new Error(`the sign-in asked for no second step: ${answered.text.slice(0, 200)}`);
  return cookie;
}

// ---------------------------------------------------------------------------------------------
// The example request of every call. `*` after a value marks it for sqlmap (path parameters are
// marked by the script; headers where the call reads them).

type Prepared = {
  /** Whose fresh session the request carries; null: none (a visitor, a device, another server). */
  account?: Account | null;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON, with its content type and its own injection marks. */
  rawBody?: { text: string; contentType: string };
  headers?: Record<string, string>;
  /** More cookies than the session: name=value. */
  cookies?: string[];
  /** Signed like the order site's events or the VPN servers' batches, for every payload. */
  signed?: 'billing' | 'stats';
  /** Sent from loopback without a forwarded address: /dev answers nobody else. */
  direct?: boolean;
};

type Example = { order?: number; prepare: () => Promise<Prepared> };

const statsRange = () => ({ from: isoMinus(24 * 7), to: isoMinus(0) });

const examples: Record<string, Example> = {
  // Sign-in, sessions, QR and providers.
  'POST /api/auth/login': {
    prepare: async () => ({ account: null, body: { email: demoAccounts.traveller, password: demoPassword } }),
  },
  'POST /api/auth/logout': { order: 9, prepare: async () => ({}) },
  'POST /api/auth/providers/:provider/start': {
    prepare: async () => ({ account: null, params: { provider: 'google' }, body: { redirect: '/account' } }),
  },
  'POST /api/auth/company/start': {
    prepare: async () => ({ account: null, body: { email: 'casey@northwind.example', redirect: '/account' } }),
  },
  'POST /api/auth/providers/:provider/complete': {
    prepare: async () => {
      const { bindingCookie, answer } = await providerAnswer(demoAccounts.individual, 'google');
      return { account: null, params: { provider: 'google' }, cookies: [bindingCookie], body: answer };
    },
  },
  'POST /api/auth/providers/link/password': {
    prepare: async () => ({
      account: null,
      cookies: [await identityLinkCookie('microsoft')],
      body: { password: demoPassword },
    }),
  },
  'POST /api/auth/providers/link/mail': {
    prepare: async () => ({ account: null, cookies: [await identityLinkCookie('google')] }),
  },
  'POST /api/auth/providers/link/confirm': {
    prepare: async () => {
      const linkCookie = await identityLinkCookie('google');
      const before = await mailedValues(demoAccounts.individual, linkToken);
      await expectOk(request('POST', api.mailProviderLink, { cookie: linkCookie }), 'link mail');
      const token = await mailedMatch(demoAccounts.individual, linkToken, before);
      return { account: null, cookies: [linkCookie], body: { token } };
    },
  },
  'POST /api/auth/qr': {
    prepare: async () => {
      const previous = await qrRequest();
      return { account: null, cookies: [previous.keyCookie], body: { replaces: previous.id } };
    },
  },
  'GET /api/auth/qr/:id/status': {
    prepare: async () => {
      const qr = await qrRequest();
      return { account: null, params: { id: qr.id }, cookies: [qr.keyCookie], query: { wait: '0' } };
    },
  },
  'POST /api/auth/qr/:id/session': {
    prepare: async () => {
      const qr = await qrRequest();
      await expectOk(
        request('POST', api.qrSignInApproval(qr.id), {
          cookie: await signIn('teamOwner'),
          body: { number: qr.matchNumber },
        }),
        'approve',
      );
      return { account: null, params: { id: qr.id }, cookies: [qr.keyCookie] };
    },
  },
  'GET /api/auth/qr/:id': { prepare: async () => ({ params: { id: (await qrRequest()).id } }) },
  'POST /api/auth/qr/:id/approve': {
    prepare: async () => {
      // With the number the waiting browser was told to show, so the example approves.
      const { id, matchNumber } = await qrRequest();
      return { params: { id }, body: { number: matchNumber } };
    },
  },
  'POST /api/auth/qr/:id/decline': { prepare: async () => ({ params: { id: (await qrRequest()).id } }) },
  'GET /api/user': { prepare: async () => ({}) },
  'GET /api/account/sessions': { prepare: async () => ({}) },
  'DELETE /api/account/sessions/:id': {
    prepare: async () => ({ params: { id: await sessionIdOf(await signIn('teamOwner')) } }),
  },
  'DELETE /api/account/sessions/others': { order: 8, prepare: async () => ({}) },
  'GET /api/account/linked-sign-ins': { prepare: async () => ({ account: 'individual' }) },
  'POST /api/auth/second-factor': {
    prepare: async () => ({
      account: null,
      cookies: [await secondFactorCookie()],
      body: { method: 'authenticatorApp', code: '123456' },
    }),
  },
  'GET /api/account/second-factor': { prepare: async () => ({ account: 'individual' }) },
  'POST /api/account/authenticator-app': { prepare: async () => ({ account: 'individual' }) },
  'POST /api/account/authenticator-app/confirm': {
    prepare: async () => ({ account: 'individual', body: { code: '123456' } }),
  },
  'DELETE /api/account/authenticator-app': {
    prepare: async () => ({ account: 'individual', body: { proof: { method: 'authenticatorApp', code: '123456' } } }),
  },
  'POST /api/account/recovery-codes': {
    prepare: async () => ({
      account: 'individual',
      body: { proof: { method: 'recoveryCode', code: demoRecoveryCodes[9] } },
    }),
  },
  'DELETE /api/account/linked-sign-ins': {
    prepare: async () => {
      // One the link calls above linked (Microsoft's, with the password).
      const list = (
        await expectOk(request('GET', api.linkedSignIns, { cookie: await signIn('individual') }), 'linked sign-ins')
      ).body as { linkedSignIns: { provider: string; subject: string }[] };
      const linked = list.linkedSignIns.find((entry) => entry.provider === 'microsoft') ?? list.linkedSignIns[0];
      const { provider, subject } = linked ?? { provider: 'microsoft', subject: 'scan-subject' };
      return { account: 'individual', body: { provider, subject } };
    },
  },

  // Account creation and passwords.
  'GET /api/account/user': { prepare: async () => ({}) },
  'POST /api/account/create-pending-account': {
    prepare: async () => ({ account: null, body: { email: 'scan.pending@example.com' } }),
  },
  'POST /api/account/resend-email-verification-code': {
    prepare: async () => {
      const email = `scan.resend.${randomInt(1_000_000)}@example.com`;
      await pendingAccountCode(email);
      // A new code is sent only once the first one is this old.
      await sleep((resendCooldownSeconds + 1) * 1000);
      return { account: null, body: { email } };
    },
  },
  'GET /api/account/validate-account-creation-request': {
    prepare: async () => {
      const email = `scan.validate.${randomInt(1_000_000)}@example.com`;
      return { account: null, query: { email, verificationCode: await pendingAccountCode(email) } };
    },
  },
  'POST /api/account/finalize-account-creation-request': {
    prepare: async () => {
      const email = `scan.finalize.${randomInt(1_000_000)}@example.com`;
      const verificationCode = await pendingAccountCode(email);
      return { account: null, body: { email, verificationCode, password: 'scan-finalized-2026' } };
    },
  },
  'POST /api/password/forgot': {
    prepare: async () => ({ account: null, body: { email: 'scan.nobody@example.com' } }),
  },
  // Three reset mails an hour per address: the team admin's for the check, the phone owner's to reset.
  'GET /api/password/reset/:token': {
    prepare: async () => ({ account: null, params: { token: await resetToken(demoAccounts.teamAdmin) } }),
  },
  'POST /api/password/reset': {
    prepare: async () => ({
      account: null,
      body: { token: await resetToken(demoAccounts.phoneOwner), password: 'scan-reset-2026' },
    }),
  },
  // The families owner's password: no other call signs in as it.
  'PUT /api/password': {
    prepare: async () => ({
      account: 'familiesOwner',
      body: { currentPassword: demoPassword, newPassword: 'scan-changed-2026' },
    }),
  },

  // Subscriptions, billing, coupons.
  'DELETE /api/subscription/:id': {
    prepare: async () => ({ params: { id: teamsReference }, body: { reason: 'other', note: 'security scan' } }),
  },
  'PUT /api/subscription/:id/uncancel': {
    prepare: async () => {
      // Canceled first, so that the example itself succeeds.
      await request('DELETE', api.subscription(teamsReference), { cookie: await signIn('teamOwner') });
      return { params: { id: teamsReference } };
    },
  },
  'PUT /api/subscription/:id/quantity': {
    prepare: async () => ({ params: { id: teamsReference }, body: { quantity: 10 } }),
  },
  'POST /api/subscription/:id/upgrade-preview': {
    prepare: async () => ({
      params: { id: teamsReference },
      body: { newPlanCode: 'teams-3year', quantity: 10, blackfriday24Eligible: false },
    }),
  },
  'PUT /api/subscription/:id': {
    prepare: async () => ({
      params: { id: teamsReference },
      body: {
        userid: (await owner()).userid,
        email: demoAccounts.teamOwner,
        referenceId: teamsReference,
        newPlanCode: 'teams-3year',
        quantity: 10,
        prorate: true,
        blackfriday24Eligible: false,
      },
    }),
  },
  'DELETE /api/subscription/:id/blackfriday24': {
    prepare: async () => ({ account: 'individual', params: { id: 'demo-individual-monthly' } }),
  },
  'GET /api/pricing': { prepare: async () => ({ account: null }) },
  'GET /api/billing': { prepare: async () => ({ query: { referenceId: teamsReference } }) },
  'GET /api/billing/invoices/:number': {
    prepare: async () => ({ params: { number: (await owner()).invoiceNumber } }),
  },
  'GET /api/recurly/coupon': { prepare: async () => ({ query: { subscriptionId: teamsReference } }) },
  'POST /api/recurly/redemption': {
    prepare: async () => ({
      body: { accountId: 'demo-team-owner', subscriptionId: teamsReference, couponId: demoCoupons.teams },
    }),
  },
  'POST /api/billing/events': {
    prepare: async () => ({
      account: null,
      signed: 'billing',
      body: {
        id: 'scan-event-1',
        type: 'subscription.created',
        data: {
          referenceId: 'scan-subscription-1',
          accountEmail: demoAccounts.individual,
          planCode: 'personal-yearly',
          quantity: 1,
          couponId: demoCoupons.welcome,
        },
      },
    }),
  },

  // Teams, keys, servers.
  'GET /api/subscription/:id/team': { prepare: async () => ({ params: { id: teamsReference } }) },
  'POST /api/subscription/:id/team/member': {
    prepare: async () => ({
      params: { id: teamsReference },
      body: { email: 'scan.member@example.com', role: 'user', firstName: 'Scan', lastName: 'Member', password: '' },
    }),
  },
  'DELETE /api/subscription/:id/team/invitation/:email': {
    prepare: async () => {
      // An invitation of an existing account to cancel.
      await request('POST', `${api.subscriptionTeam(teamsReference)}/member`, {
        cookie: await signIn('teamOwner'),
        body: { email: demoAccounts.phoneOwner, role: 'user' },
      });
      return { params: { id: teamsReference, email: demoAccounts.phoneOwner } };
    },
  },
  'DELETE /api/subscription/:id/teamMember/:member': {
    prepare: async () => ({ params: { id: teamsReference, member: (await owner()).teamUserId } }),
  },
  'GET /api/subscription/:id/team/audit': {
    prepare: async () => ({
      params: { id: teamsReference },
      query: { kind: 'memberAdded', actor: demoAccounts.teamOwner, page: '1' },
    }),
  },
  'GET /api/subscription/:id/team/audit.csv': {
    prepare: async () => ({
      params: { id: teamsReference },
      query: { kind: 'memberAdded', actor: demoAccounts.teamOwner, page: '1' },
    }),
  },
  'POST /api/teams/invitation': {
    prepare: async () => ({ account: 'newHire', body: { confirmationCode: demoInvitationCode } }),
  },
  'PUT /api/teams/members/update/role': {
    prepare: async () => ({
      body: { teamId: (await owner()).teamId, userid: (await owner()).teamAdminId, role: 'admin' },
    }),
  },
  'PUT /api/teams/rename': {
    prepare: async () => ({ body: { teamId: (await owner()).teamId, teamName: 'Northwind Broadcast' } }),
  },
  'POST /api/networking/ip-cidr-validation': {
    prepare: async () => ({ body: { allowedIPs: ['203.0.113.0/24', '2001:db8::/32'] } }),
  },
  'POST /api/subscription/:id/apiKey': {
    prepare: async () => ({
      params: { id: teamsReference },
      body: { description: 'Scan monitoring', allowedIPs: ['198.51.100.0/24'] },
    }),
  },
  'DELETE /api/subscription/:id/apiKey/:keyId': {
    prepare: async () => ({ params: { id: teamsReference, keyId: await newApiKeyId(await signIn('teamOwner')) } }),
  },
  'PUT /api/subscription/:id/apiKey/:keyId/allowedips': {
    prepare: async () => ({
      params: { id: teamsReference, keyId: await newApiKeyId(await signIn('teamOwner')) },
      body: { allowedIPs: ['198.51.100.0/24', '2001:db8::/32'] },
    }),
  },
  'POST /api/subscription/:id/server': {
    prepare: async () => ({
      account: 'dedicatedOwner',
      params: { id: 'demo-dedicated-monthly' },
      body: { timeInterval: '02:00-04:00' },
    }),
  },
  'GET /api/teams/servers/:teamId': { prepare: async () => ({ params: { teamId: (await owner()).teamId } }) },
  'GET /api/account/private-individual-servers': { prepare: async () => ({}) },
  'GET /api/v1/team': { prepare: async () => ({ account: null, headers: { 'x-api-key': `${await teamKey()}*` } }) },
  'GET /api/v1/team/members': {
    prepare: async () => ({ account: null, headers: { 'x-api-key': `${await teamKey()}*` } }),
  },
  'GET /api/v1/team/servers': {
    prepare: async () => ({ account: null, headers: { 'x-api-key': `${await teamKey()}*` } }),
  },

  // Routers.
  'GET /api/account/routers': { prepare: async () => ({}) },
  'PUT /api/account/team-router/associate': {
    prepare: async () => {
      const body = { teamId: (await owner()).teamId, routerReferenceId: 'demo-team-router' };
      // Dissociated first, so that the example itself succeeds.
      await request('DELETE', api.dissociateTeamRouter, { cookie: await signIn('teamOwner'), body });
      return { body };
    },
  },
  'DELETE /api/account/team-router/dissociate': {
    prepare: async () => ({ body: { teamId: (await owner()).teamId, routerReferenceId: 'demo-team-router' } }),
  },
  'POST /api/account/router-coupon-redemption': {
    prepare: async () => ({ body: { coupon: demoRouterCoupons.threeYear } }),
  },
  'GET /api/partner-router/device/:id': { prepare: async () => ({ params: { id: (await owner()).routerId } }) },
  'PUT /api/partner-router/device/:id/has-shown-90day-success': {
    prepare: async () => ({ params: { id: (await owner()).routerId } }),
  },
  'PUT /api/partner-router/device/:id/seen-router-activation-success': {
    prepare: async () => ({ params: { id: (await owner()).routerId } }),
  },

  // Public and technical calls.
  'GET /api/health': { prepare: async () => ({ account: null }) },
  'GET /.well-known/jwks.json': { prepare: async () => ({ account: null }) },
  'GET /api/bot-check/challenge': { prepare: async () => ({ account: null }) },
  'POST /api/monitoring': {
    prepare: async () => ({
      account: null,
      rawBody: {
        contentType: 'text/plain;charset=UTF-8',
        text: `{"dsn":"${sentryDsn}*","sent_at":"${isoMinus(0)}"}\n{"type":"event"}\n{"message":"scan*","level":"error"}\n`,
      },
    }),
  },
  'GET /dev/mailbox': { prepare: async () => ({ account: null, direct: true }) },
  'GET /dev/mailbox/sms': { prepare: async () => ({ account: null, direct: true, query: { to: scanPhone } }) },

  // Devices.
  'POST /api/devices/activation-code': {
    prepare: async () => ({ account: null, body: { platform: 'linux', deviceName: 'Scan laptop' } }),
  },
  'GET /api/devices/activation-code/status': {
    prepare: async () => ({ account: null, headers: { 'x-device-poll-token': `${(await activation()).pollToken}*` } }),
  },
  'PATCH /api/account/linkDevice': {
    prepare: async () => ({
      body: { userid: (await owner()).userid, activationCode: (await activation()).activationCode },
    }),
  },
  'GET /api/account/linkedDevices': { prepare: async () => ({}) },
  'PATCH /api/account/linkedDevices/friendlyName': {
    prepare: async () => ({ body: { deviceUUID: (await owner()).deviceUuid, nickname: 'Studio encoder' } }),
  },
  'DELETE /api/account/linkedDevices': {
    prepare: async () => ({ body: { deviceUUID: await linkFreshDevice(await signIn('teamOwner')) } }),
  },
  'PATCH /api/account/linkedDevice/associate': {
    prepare: async () => ({ body: { deviceUUID: (await owner()).deviceUuid, referenceId: teamsReference } }),
  },
  'PATCH /api/account/linkedDevice/dissociate': {
    prepare: async () => ({ body: { deviceUUID: (await owner()).deviceUuid } }),
  },
  'DELETE /api/account/activeDevice/:id': { prepare: async () => ({ params: { id: (await owner()).deviceUuid } }) },

  // Phone verification, as the team user (no number yet).
  'POST /api/phone/:phone/verification-code': {
    prepare: async () => ({ account: 'teamUser', params: { phone: scanPhone } }),
  },
  'PATCH /api/phone/:phone/verification-code': {
    prepare: async () => {
      let code = await latestTextedCode(scanPhone);
      if (!code) {
        await request('POST', api.phoneVerificationCode(scanPhone), { cookie: await signIn('teamUser') });
        code = await eventually('a text message', () => latestTextedCode(scanPhone));
      }
      return { account: 'teamUser', params: { phone: scanPhone }, body: { code } };
    },
  },
  'POST /api/account/add-phone-verification-data': {
    prepare: async () => ({ account: 'teamUser', body: { phone: scanPhone } }),
  },

  // Usage statistics.
  'GET /api/stats/individual-tunnel-stats': { prepare: async () => ({ query: statsRange() }) },
  'GET /api/stats/individual-net-stats': { prepare: async () => ({ query: statsRange() }) },
  'GET /api/stats/team-tunnel-stats/:teamId': {
    prepare: async () => ({ params: { teamId: (await owner()).teamId }, query: statsRange() }),
  },
  'GET /api/stats/team-net-stats/:teamId': {
    prepare: async () => ({ params: { teamId: (await owner()).teamId }, query: statsRange() }),
  },
  'GET /api/stats/device-tunnel-stats': {
    prepare: async () => ({ query: { ...statsRange(), device: (await owner()).deviceUuid } }),
  },
  'GET /api/stats/device-net-stats': {
    prepare: async () => ({ query: { ...statsRange(), device: (await owner()).deviceUuid } }),
  },
  'POST /api/stats/ingest': {
    prepare: async () => {
      const { serverId, deviceUuid } = await owner();
      return {
        account: null,
        signed: 'stats',
        body: {
          batchId: 'scan-batch-1',
          serverId,
          tunnelEvents: [{ at: isoMinus(1), device: deviceUuid, type: 'connect' }],
          netSamples: [{ at: isoMinus(1), device: deviceUuid, intervalSeconds: 60, rxBytes: 1000, txBytes: 2000 }],
        },
      };
    },
  },
};

/** A call the table above does not know yet: its path parameters as `1`, an empty JSON body. */
function genericExample(call: Call): Example {
  const params = Object.fromEntries([...call.path.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1] ?? '', '1']));
  const mutating = call.method !== 'GET' && call.method !== 'HEAD';
  return { prepare: async () => ({ params, ...(mutating ? { body: {} } : {}) }) };
}

const orderOf = (call: Call, example: Example) =>
  example.order ?? (call.method === 'GET' ? 1 : call.method === 'DELETE' ? 3 : 2);

/** The path with its parameters filled in, each followed by sqlmap's mark when `mark`. */
function concretePath(call: Call, prepared: Prepared, mark: boolean): string {
  const path = call.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = prepared.params?.[name];
    if (value === undefined) throw new Error(`${call.key}: no value for :${name}`);
    return `${encodeURIComponent(String(value))}${mark ? '*' : ''}`;
  });
  const pairs = Object.entries(prepared.query ?? {}).map(
    ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}${mark ? '*' : ''}`,
  );
  return `${path}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// sqlmap

type Injection = { parameter: string; type: string; title: string; payload: string };
type SqlmapResult = {
  call: string;
  account: string;
  level: number;
  outcome: 'not injectable' | 'injectable' | 'no parameters' | 'timed out' | 'failed' | 'not run';
  seconds: number;
  parameters: string[];
  injections: Injection[];
  requests: number;
  statuses: Record<string, number>;
  exampleStatus: number | null;
  generic: boolean;
  serverErrorSample: string | null;
  notes: string[];
};

let sentryDsn = '';

function signingCode(kind: 'billing' | 'stats'): string {
  const [secret, timestampHeader, signatureHeader] =
    kind === 'billing'
      ? [developmentBillingWebhookSecret, 'X-Billing-Timestamp', 'X-Billing-Signature']
      : [developmentStatsIngestSecret, 'X-Stats-Timestamp', 'X-Stats-Signature'];
  // Runs before every request sqlmap sends, on the body with the payload in it: `v1=` HMAC-SHA256 of
  // `${timestamp}.${body}`. Its own variables are deleted, or sqlmap would add them to the body.
  return [
    'import hmac,hashlib,time',
    '_t=str(int(time.time()))',
    "_b=_locals.get('post') or ''",
    `_locals['auxHeaders']['${timestampHeader}']=_t`,
    `_locals['auxHeaders']['${signatureHeader}']='v1='+hmac.new(b'${secret}',(_t+'.'+_b).encode('utf-8'),hashlib.sha256).hexdigest()`,
    'del _t',
    'del _b',
  ].join('; ');
}

function parseTraffic(
  file: string,
): Pick<SqlmapResult, 'requests' | 'statuses' | 'exampleStatus' | 'serverErrorSample'> {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const statuses: Record<string, number> = {};
  let exampleStatus: number | null = null;
  let serverErrorSample: string | null = null;
  const blocks = text.split(/\n#{20,}\n/);
  for (const block of blocks) {
    const status = /HTTP response \[#\d+\] \((\d{3})/.exec(block)?.[1];
    if (!status) continue;
    statuses[status] = (statuses[status] ?? 0) + 1;
    exampleStatus ??= Number(status);
    if (!serverErrorSample && status.startsWith('5')) {
      const requestPart = block.split(/\nHTTP response/)[0] ?? '';
      serverErrorSample = requestPart.trim().slice(0, 1500);
    }
  }
  const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return { requests, statuses, exampleStatus, serverErrorSample };
}

function parseSqlmapLog(text: string): Pick<SqlmapResult, 'parameters' | 'injections' | 'notes'> & {
  verdict: 'not injectable' | 'injectable' | 'no parameters' | null;
} {
  const parameters = [
    ...new Set(
      [...text.matchAll(/testing for SQL injection on (.+?) parameter '([^']+)'/g)].map((m) => `${m[1]} ${m[2]}`),
    ),
  ];
  const injections: Injection[] = [];
  const identified = /identified the following injection point\(s\)[^\n]*\n---\n([\s\S]*?)\n---/.exec(text)?.[1];
  if (identified) {
    let parameter = '';
    let current: Partial<Injection> = {};
    for (const line of identified.split('\n')) {
      const trimmed = line.trim();
      if (trimmed.startsWith('Parameter:')) parameter = trimmed.slice('Parameter:'.length).trim();
      else if (trimmed.startsWith('Type:')) current = { parameter, type: trimmed.slice(5).trim() };
      else if (trimmed.startsWith('Title:')) current.title = trimmed.slice(6).trim();
      else if (trimmed.startsWith('Payload:')) {
        injections.push({
          parameter,
          type: current.type ?? '',
          title: current.title ?? '',
          payload: trimmed.slice(8).trim(),
        });
      }
    }
  }
  const notes = [
    ...new Set(
      text
        .split('\n')
        .filter((line) =>
          /\[CRITICAL\]|might be injectable|appears to be .* injectable|false positive|possible DBMS/.test(line),
        )
        .filter((line) => !/might not be injectable/.test(line))
        .map((line) => line.replace(/^\[\d\d:\d\d:\d\d\] /, '').trim()),
    ),
  ].slice(0, 20);
  const verdict = identified
    ? 'injectable'
    : /all tested parameters do not appear to be injectable/.test(text)
      ? 'not injectable'
      : /no parameter\(s\) found for testing/.test(text)
        ? 'no parameters'
        : null;
  return { parameters, injections, notes, verdict };
}

/** A call's sqlmap result before (or instead of) a run: nothing tested yet. */
function sqlmapResultOf(
  call: Call,
  generic: boolean,
  outcome: SqlmapResult['outcome'],
  notes: string[] = [],
): SqlmapResult {
  return {
    call: call.key,
    account: '',
    level: sqlmapLevel,
    outcome,
    seconds: 0,
    parameters: [],
    injections: [],
    requests: 0,
    statuses: {},
    exampleStatus: null,
    generic,
    serverErrorSample: null,
    notes,
  };
}

async function sqlmapCall(call: Call, example: Example, generic: boolean, secondsLeft: number): Promise<SqlmapResult> {
  const slug = call.key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  const dir = join(outDir, 'sqlmap', slug);
  const begun = Date.now();
  const result = sqlmapResultOf(call, generic, 'failed');
  try {
    const prepared = await example.prepare();
    const account = prepared.account === undefined ? 'teamOwner' : prepared.account;
    result.account = account ?? 'none';
    // Every input the call reads is marked for sqlmap, which then tests the marked ones (and the
    // JSON fields): path and query parameters, the call's own headers and cookies. The session
    // cookie, which one middleware reads for every call, is tested where it is the call's only input.
    const otherInput =
      /:[A-Za-z]/.test(call.path) ||
      Object.keys(prepared.query ?? {}).length > 0 ||
      prepared.body !== undefined ||
      prepared.rawBody !== undefined ||
      Object.values(prepared.headers ?? {}).some((value) => value.includes('*')) ||
      (prepared.cookies ?? []).some(Boolean);
    const session = account ? `${await signIn(account)}${otherInput ? '' : '*'}` : null;
    const cookies = [...(session ? [session] : []), ...(prepared.cookies ?? []).filter(Boolean).map((c) => `${c}*`)];
    // Below level 4 sqlmap leaves parameters named like a CSRF token (…token…, …csrf…) untested:
    // the calls that read one (a reset token, a poll token) run at level 4.
    const inputNames = [
      ...Object.keys(prepared.query ?? {}),
      ...Object.keys(prepared.headers ?? {}),
      ...(prepared.body && typeof prepared.body === 'object' ? Object.keys(prepared.body) : []),
    ];
    const level = inputNames.some((name) => /csrf|xsrf|token/i.test(name)) ? Math.max(sqlmapLevel, 4) : sqlmapLevel;
    result.level = level;
    const headers = [`Origin: ${origin}`, 'Accept: application/json'];
    for (const [name, value] of Object.entries(prepared.headers ?? {})) headers.push(`${name}: ${value}`);
    const args = [
      '-u',
      `${origin}${concretePath(call, prepared, true)}`,
      '--method',
      call.method,
      '--batch',
      '--level',
      String(level),
      '--risk',
      String(sqlmapRisk),
      '--dbms',
      'PostgreSQL',
      '--threads',
      '1',
      '--timeout',
      '15',
      '--retries',
      '1',
      // 401 and 404 are answers here (a payload in a session cookie, an id that is not there), not errors.
      '--ignore-code',
      '401,404',
      '--disable-coloring',
      // Validation answers 400 to the probe of a firewall; there is none to detect.
      '--skip-waf',
      // A call without input has nothing to test: no guessing at a parameter after its path.
      '--answers',
      'try URI injections=N',
      '--output-dir',
      dir,
      '-t',
      `${dir}.traffic`,
    ];
    if (prepared.body !== undefined) {
      headers.push('Content-Type: application/json');
      args.push('--data', JSON.stringify(prepared.body));
    } else if (prepared.rawBody) {
      headers.push(`Content-Type: ${prepared.rawBody.contentType}`);
      args.push('--data', prepared.rawBody.text);
    }
    args.push('--headers', headers.join('\n'));
    if (cookies.length > 0) args.push('--cookie', cookies.join('; '));
    if (session && otherInput) args.push('--skip', 'portal_session');
    // Each payload from a random address (TRUST_PROXY=1): per-address limits would otherwise answer
    // 429 to most of them, and the code behind the limit would go untested.
    if (!prepared.direct) args.push('--tamper', 'xforwardedfor');
    if (prepared.signed) args.push('--eval', signingCode(prepared.signed));

    writeFileSync(`${dir}.command.json`, `${JSON.stringify(['sqlmap', ...args], null, 2)}\n`);
    const seconds = Math.max(10, Math.min(sqlmapCallSeconds, secondsLeft));
    const run = await runTool('sqlmap', args, `${dir}.log`, seconds);
    const parsed = parseSqlmapLog(readFileSync(`${dir}.log`, 'utf8'));
    Object.assign(result, parseTraffic(`${dir}.traffic`), {
      parameters: parsed.parameters,
      injections: parsed.injections,
      notes: parsed.notes,
      outcome: run.timedOut
        ? 'timed out'
        : parsed.verdict === 'not injectable' && parsed.parameters.length === 0
          ? 'no parameters'
          : (parsed.verdict ?? 'failed'),
    });
    if (parsed.injections.length > 0) result.outcome = 'injectable';
  } catch (error) {
    result.notes.push(`not scanned: ${error instanceof Error ? error.message : String(error)}`);
  }
  result.seconds = secondsSince(begun);
  return result;
}

// ---------------------------------------------------------------------------------------------
// wapiti

type WapitiEntry = {
  method: string;
  path: string;
  info: string;
  level: number;
  parameter: string;
  http_request: string;
};
type WapitiReport = {
  vulnerabilities: Record<string, WapitiEntry[]>;
  anomalies: Record<string, WapitiEntry[]>;
  additionals: Record<string, WapitiEntry[]>;
};
type WapitiFinding = { kind: 'vulnerability' | 'anomaly' | 'additional'; category: string } & Omit<
  WapitiEntry,
  'http_request'
> & { request: string };
type WapitiResult = {
  ran: boolean;
  timedOut: boolean;
  seconds: number;
  startUrls: number;
  modules: string[];
  findings: WapitiFinding[];
  counts: Record<string, number>;
  error: string | null;
};

const levelNames = ['info', 'low', 'medium', 'high', 'critical'];

async function runWapiti(startPaths: string[]): Promise<WapitiResult> {
  const begun = Date.now();
  const result: WapitiResult = {
    ran: false,
    timedOut: false,
    seconds: 0,
    startUrls: startPaths.length,
    modules: wapitiModules,
    findings: [],
    counts: {},
    error: null,
  };
  try {
    const sessionCookie = await signIn('teamOwner');
    const qr = await qrRequest();
    const cookieValue = (pair: string) => pair.slice(pair.indexOf('=') + 1);
    const jar = (value: string) => ({ value, expires: null, secure: false, port: null, version: 0 });
    // wapiti's cookie file: the owner's session (HttpOnly, not Secure outside production, as served)
    // and a QR browser key for the QR status call.
    const cookieFile = join(outDir, 'wapiti-cookies.json');
    writeFileSync(
      cookieFile,
      JSON.stringify({
        '127.0.0.1': {
          '/': { [sessionCookie.split('=')[0] ?? 'portal_session']: jar(cookieValue(sessionCookie)) },
          '/api/auth/qr': { portal_qr_key: jar(cookieValue(qr.keyCookie)) },
        },
      }),
    );
    const report = join(outDir, 'wapiti.json');
    rmSync(report, { force: true });
    const args = [
      '-u',
      `${origin}/`,
      '--scope',
      'folder',
      '-c',
      cookieFile,
      '-H',
      `Origin: ${origin}`,
      '-H',
      `X-Forwarded-For: ${wapitiClientAddress}`,
      '-H',
      `x-api-key: ${await teamKey()}`,
      '-m',
      wapitiModules.join(','),
      '-d',
      '4',
      '--max-links-per-page',
      '100',
      '--max-scan-time',
      String(wapitiSeconds),
      '--max-attack-time',
      String(Math.max(30, Math.floor(wapitiSeconds / 6))),
      '--flush-session',
      '--store-session',
      join(outDir, 'wapiti-session'),
      '--store-config',
      join(outDir, 'wapiti-config'),
      '-f',
      'json',
      '-o',
      report,
      '-v',
      '1',
      '--no-bugreport',
      ...startPaths.flatMap((path) => ['-s', `${origin}${path}`]),
    ];
    writeFileSync(join(outDir, 'wapiti.command.json'), `${JSON.stringify(['wapiti', ...args], null, 2)}\n`);
    const run = await runTool('wapiti', args, join(outDir, 'wapiti.log'), wapitiSeconds + 180);
    result.ran = true;
    result.timedOut = run.timedOut;
    if (!existsSync(report)) throw new Error(`wapiti wrote no report (exit ${run.exitCode}); see wapiti.log`);
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as WapitiReport;
    const kinds = [
      ['vulnerability', parsed.vulnerabilities],
      ['anomaly', parsed.anomalies],
      ['additional', parsed.additionals],
    ] as const;
    for (const [kind, groups] of kinds) {
      for (const [category, entries] of Object.entries(groups ?? {})) {
        for (const { http_request, ...entry } of entries) {
          result.findings.push({ kind, category, ...entry, request: http_request.slice(0, 1500) });
          const countKey = `${kind}: ${category} (${levelNames[entry.level] ?? entry.level})`;
          result.counts[countKey] = (result.counts[countKey] ?? 0) + 1;
        }
      }
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  result.seconds = secondsSince(begun);
  return result;
}

/** Pages of the app (the server renders each with its preloads) and the GET calls, for wapiti to start from. */
async function wapitiStartPaths(calls: Call[]): Promise<string[]> {
  const paths = [
    '/',
    '/login?redirect=%2Faccount',
    '/create',
    '/password/forgot',
    `/password/reset/${await resetToken(demoAccounts.individual)}`,
    '/account',
    `/subscription/${teamsReference}`,
    '/billing?referenceId=demo-teams-yearly',
    '/reports?range=7d',
    `/team-accept-invitation?code=${demoInvitationCode}`,
    '/verify-email?email=scan.pending%40example.com',
    '/activate?code=123456',
    '/auth/callback/google?code=scan&state=scan',
  ];
  for (const call of calls) {
    const example = examples[call.key];
    if (call.method !== 'GET' || !example || call.path.startsWith('/dev/')) continue;
    try {
      const prepared = await example.prepare();
      if (prepared.headers) continue; // header-bound calls are sqlmap's (wapiti sends the API key to all)
      paths.push(concretePath(call, prepared, false));
    } catch (error) {
      console.warn(`wapiti: no start URL for ${call.key}: ${error instanceof Error ? error.message : error}`);
    }
  }
  return [...new Set(paths)];
}

// ---------------------------------------------------------------------------------------------
// The NUL probe. wapiti's first runs found that a NUL character (U+0000) in a text input is answered
// 500: PostgreSQL refuses it in text. sqlmap never sends one, and wapiti only reaches query strings,
// so this sends it once in every string an example carries (path, query, JSON field), each with a
// example request, and records the answers: a fix shows here. Passwords are left out (hashed, never
// in SQL). It runs before sqlmap, on the demo data as seeded.

type NulProbe = { call: string; input: string; status: number | null; note: string | null };

/** The JSON paths of the string values in `value`. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, String(index)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** A copy of `value` with a NUL after the string at `path`. */
function withNulAt(value: unknown, path: string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return `${String(value)}\u0000`;
  if (Array.isArray(value)) return value.map((item, index) => (String(index) === head ? withNulAt(item, rest) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withNulAt(record[head], rest) };
}

type ProbeInput = { input: string; apply: (prepared: Prepared) => Prepared };

function probeInputs(call: Call, prepared: Prepared): ProbeInput[] {
  const inputs: ProbeInput[] = [];
  for (const name of Object.keys(prepared.params ?? {})) {
    if (!call.path.includes(`:${name}`)) continue;
    inputs.push({
      input: `path :${name}`,
      apply: (p) => ({ ...p, params: { ...p.params, [name]: `${p.params?.[name]}\u0000` } }),
    });
  }
  for (const name of Object.keys(prepared.query ?? {})) {
    inputs.push({
      input: `query ${name}`,
      apply: (p) => ({ ...p, query: { ...p.query, [name]: `${p.query?.[name]}\u0000` } }),
    });
  }
  for (const path of stringPaths(prepared.body)) {
    // Passwords are hashed, never compared in SQL; a NUL in a new one would change the account's.
    if (/password/i.test(path.at(-1) ?? '')) continue;
    inputs.push({ input: `JSON ${path.join('.')}`, apply: (p) => ({ ...p, body: withNulAt(p.body, path) }) });
  }
  return inputs;
}

/** Sends an example as the portal's own client would, from an address of its own (TRUST_PROXY=1). */
async function sendExample(call: Call, prepared: Prepared): Promise<number> {
  const account = prepared.account === undefined ? 'teamOwner' : prepared.account;
  const cookies = [...(account ? [await signIn(account)] : []), ...(prepared.cookies ?? [])].filter(Boolean);
  const headers: Record<string, string> = { origin, accept: 'application/json' };
  if (!prepared.direct) headers['x-forwarded-for'] = randomAddress();
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  for (const [name, value] of Object.entries(prepared.headers ?? {})) headers[name] = value.replace(/\*$/, '');
  let body: string | undefined;
  if (prepared.body !== undefined) {
    body = JSON.stringify(prepared.body);
    headers['content-type'] = 'application/json';
  } else if (prepared.rawBody) {
    body = prepared.rawBody.text.replaceAll('*', '');
    headers['content-type'] = prepared.rawBody.contentType;
  }
  if (prepared.signed && body !== undefined) {
    const [secret, prefix] =
      prepared.signed === 'billing'
        ? [developmentBillingWebhookSecret, 'x-billing']
        : [developmentStatsIngestSecret, 'x-stats'];
    const timestamp = Math.floor(Date.now() / 1000);
    headers[`${prefix}-timestamp`] = String(timestamp);
    headers[`${prefix}-signature`] = signBillingEvent(secret, timestamp, body);
  }
  const response = await fetch(`${origin}${concretePath(call, prepared, false)}`, {
    method: call.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function nulProbe(calls: Call[]): Promise<NulProbe[]> {
  const probes: NulProbe[] = [];
  for (const call of calls) {
    const example = examples[call.key];
    if (!example) continue;
    // One example per call: a NUL makes every input but a password fail, so nothing is used up.
    let prepared: Prepared;
    try {
      prepared = await example.prepare();
    } catch (error) {
      probes.push({ call: call.key, input: '-', status: null, note: `not probed: ${String(error)}`.slice(0, 300) });
      continue;
    }
    for (const { input, apply } of probeInputs(call, prepared)) {
      try {
        const status = await sendExample(call, apply(prepared));
        probes.push({ call: call.key, input, status, note: null });
      } catch (error) {
        probes.push({ call: call.key, input, status: null, note: `not probed: ${String(error)}`.slice(0, 300) });
      }
    }
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------
// The portal's own account of what went wrong: unhandled errors by route and cause.

type PortalError = { route: string; cause: string; count: number };

function portalErrors(logFile: string): PortalError[] {
  const grouped = new Map<string, PortalError>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{') || !line.includes('"unhandled error"')) continue;
    try {
      const entry = JSON.parse(line) as { route?: string; err?: { message?: string; stack?: string } };
      const stack = entry.err?.stack ?? '';
      const causes = [...stack.matchAll(/caused by: (?:\w*Error|error): ([^\n]+)/g)].map((match) => match[1]);
      const cause = (causes.at(-1) ?? entry.err?.message?.split('\n').at(-1) ?? 'unknown').slice(0, 200);
      const route = entry.route ?? 'unknown';
      const key = `${route}\u0000${cause}`;
      const group = grouped.get(key) ?? { route, cause, count: 0 };
      group.count++;
      grouped.set(key, group);
    } catch {
      // not a log line of ours
    }
  }
  return [...grouped.values()].sort((a, b) => b.count - a.count);
}

// ---------------------------------------------------------------------------------------------
// The run

const versions = toolVersions();
rmSync(outDir, { recursive: true, force: true });
mkdirSync(join(outDir, 'sqlmap'), { recursive: true });

if (!existsSync('dist/client/index.html')) {
  console.log('dist/client is missing: building the client…');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
}

const port = await freePort();
origin = `http://127.0.0.1:${port}`;
// The error-reporting tunnel forwards to the configured project: a sink on loopback answers it.
const sink = createServer((incoming, outgoing) => {
  incoming.resume();
  incoming.on('end', () => outgoing.end());
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkAddress = sink.address();
sentryDsn = `http://scanpublickey@127.0.0.1:${typeof sinkAddress === 'object' && sinkAddress ? sinkAddress.port : 9}/1`;
const portalEnv: Record<string, string> = {
  PORT: String(port),
  PUBLIC_ORIGIN: origin,
  APP_ENV: 'development', // demo accounts and the development mailbox
  DATABASE_URL: 'memory://', // a throw-away PGlite: nothing the scan writes outlives it
  LOG_LEVEL: 'warn',
  BOT_CHECK: 'off', // sign-up's code is scanned too; the proof of work is not a defence against a scanner
  TRUST_PROXY: '1', // each payload's own X-Forwarded-For (see sqlmapCall)
  LOCAL_OPENID_PROVIDER_PORT: String(await freePort()),
  SENTRY_DSN: sentryDsn,
};
const calls = callsOf(portalEnv);
const contractOnly = contractPathsNotServed(calls);
const selected = calls.filter((call) => !only || only.test(call.key));

const portalLog = join(outDir, 'portal.log');
const portalLogStream = createWriteStream(portalLog);
// Node with tsx's loader rather than the tsx CLI: the child is then the server itself, so a signal reaches it.
const portal = track(
  spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, ...portalEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  }),
);
portal.stdout?.pipe(portalLogStream);
portal.stderr?.pipe(portalLogStream);

let exitCode = 0;
try {
  await waitForHealth(portal);
  console.log(
    `portal on ${origin} (in-memory PGlite); ${calls.length} calls, ${selected.length} selected; sqlmap ${versions.sqlmap}, wapiti ${versions.wapiti}`,
  );
  await owner();

  // 1. wapiti, first: it changes nothing, and the calls below change the demo data.
  let wapiti: WapitiResult | null = null;
  if (wapitiSeconds > 0) {
    const startPaths = await wapitiStartPaths(selected);
    console.log(`wapiti: ${startPaths.length} start URLs, at most ${wapitiSeconds} s…`);
    wapiti = await runWapiti(startPaths);
    console.log(`wapiti: done in ${wapiti.seconds} s${wapiti.error ? ` (${wapiti.error})` : ''}`);
  }

  // 2. The NUL probe, on the demo data as seeded: it changes nothing that sqlmap's examples need.
  let nulProbes: NulProbe[] = [];
  if (process.env.SCAN_NUL_PROBE !== '0') {
    const probeStarted = Date.now();
    nulProbes = await nulProbe(selected);
    const failing = nulProbes.filter((probe) => (probe.status ?? 0) >= 500);
    console.log(
      `NUL probe: ${nulProbes.filter((probe) => probe.status !== null).length} inputs, ${failing.length} answered 5xx (${secondsSince(probeStarted)} s)`,
    );
  }

  // 3. sqlmap, one call at a time: reads, then changes, then deletions.
  const sqlmapResults: SqlmapResult[] = [];
  if (sqlmapBudgetSeconds > 0) {
    const sqlmapStarted = Date.now();
    const ordered = selected
      .map((call, index) => {
        const example = examples[call.key];
        return { call, index, example: example ?? genericExample(call), generic: !example };
      })
      .sort((a, b) => orderOf(a.call, a.example) - orderOf(b.call, b.example) || a.index - b.index);
    for (const [position, { call, example, generic }] of ordered.entries()) {
      if (stopping) break;
      const left = sqlmapBudgetSeconds - secondsSince(sqlmapStarted);
      if (left < 10) {
        sqlmapResults.push(
          sqlmapResultOf(call, generic, 'not run', ['the sqlmap budget (SCAN_SQLMAP_SECONDS) was spent']),
        );
        continue;
      }
      const result = await sqlmapCall(call, example, generic, left);
      sqlmapResults.push(result);
      const errors = Object.entries(result.statuses)
        .filter(([status]) => status.startsWith('5'))
        .reduce((sum, [, count]) => sum + count, 0);
      console.log(
        `sqlmap ${String(position + 1).padStart(3)}/${ordered.length} ${call.key}: ${result.outcome}` +
          ` (${result.parameters.length} parameters, ${result.requests} requests, first answer ${result.exampleStatus ?? '-'}` +
          `${errors ? `, ${errors} × 5xx` : ''}, ${result.seconds} s)${generic ? ' [no example: generic request]' : ''}`,
      );
      for (const note of result.notes.filter((line) => line.startsWith('not scanned'))) console.log(`    ${note}`);
    }
  }

  // 4. The summary.
  const errorsOf = (result: SqlmapResult) =>
    Object.entries(result.statuses)
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, count]) => sum + count, 0);
  const injectable = sqlmapResults.filter((result) => result.injections.length > 0);
  const withServerErrors = sqlmapResults
    .filter((result) => errorsOf(result) > 0)
    .map((result) => ({ call: result.call, count: errorsOf(result), sample: result.serverErrorSample }));
  const outcomes: Record<string, number> = {};
  for (const result of sqlmapResults) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
  const errors = portalErrors(portalLog);
  const severeWapiti = (wapiti?.findings ?? []).filter(
    (finding) => finding.kind === 'vulnerability' && finding.level >= 3,
  );
  const summary = {
    date: new Date(started).toISOString(),
    durationSeconds: secondsSince(started),
    portal: { origin, database: 'memory:// (PGlite)', env: { ...portalEnv, SENTRY_DSN: 'loopback sink' } },
    tools: versions,
    calls: {
      served: calls.length,
      selected: selected.length,
      withoutExample: sqlmapResults.filter((result) => result.generic).map((result) => result.call),
      contractPathsNotServed: contractOnly,
    },
    sqlmap: {
      level: sqlmapLevel,
      risk: sqlmapRisk,
      callsRun: sqlmapResults.filter((result) => result.requests > 0).length,
      callsWithInputTested: sqlmapResults.filter((result) => result.parameters.length > 0).length,
      callsWithoutInput: sqlmapResults.filter((result) => result.outcome === 'no parameters').map((r) => r.call),
      parametersTested: sqlmapResults.reduce((sum, result) => sum + result.parameters.length, 0),
      requests: sqlmapResults.reduce((sum, result) => sum + result.requests, 0),
      outcomes,
      injectable: injectable.map(({ call, injections }) => ({ call, injections })),
      callsWithServerErrors: withServerErrors,
      calls: sqlmapResults,
    },
    wapiti,
    nulProbe: {
      inputs: nulProbes.filter((probe) => probe.status !== null).length,
      answeredServerError: nulProbes.filter((probe) => (probe.status ?? 0) >= 500),
      notProbed: nulProbes.filter((probe) => probe.status === null),
      statuses: nulProbes.reduce<Record<string, number>>((counts, probe) => {
        const key = String(probe.status ?? 'not probed');
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {}),
      probes: nulProbes,
    },
    portalUnhandledErrors: errors,
  };
  writeFileSync(join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

  console.log(
    `\nSecurity scan of ${origin}, ${summary.date.slice(0, 10)}, ${Math.round(summary.durationSeconds / 60)} min`,
  );
  console.log(
    `calls: ${calls.length} served${selected.length < calls.length ? `, ${selected.length} selected` : ''}; ` +
      `contract paths not served: ${contractOnly.length ? contractOnly.join(', ') : 'none'}`,
  );
  if (sqlmapResults.length > 0) {
    console.log(
      `sqlmap ${versions.sqlmap} (level ${sqlmapLevel}, risk ${sqlmapRisk}): ${summary.sqlmap.callsRun} calls run, ` +
        `${summary.sqlmap.callsWithInputTested} with input tested, ` +
        `${summary.sqlmap.parametersTested} parameters, ${summary.sqlmap.requests} requests; ` +
        Object.entries(outcomes)
          .map(([outcome, count]) => `${count} ${outcome}`)
          .join(', '),
    );
    for (const { call, injections } of injectable) {
      for (const injection of injections)
        console.log(`  INJECTABLE ${call}: ${injection.parameter} — ${injection.title}`);
    }
    for (const { call, count } of withServerErrors) console.log(`  5xx answers: ${call} × ${count}`);
    if (summary.calls.withoutExample.length > 0) {
      console.log(`  no example in scripts/scan.ts (scanned generically): ${summary.calls.withoutExample.join(', ')}`);
    }
  }
  if (wapiti) {
    console.log(
      `wapiti ${versions.wapiti} (${wapiti.startUrls} start URLs, ${wapiti.seconds} s${wapiti.timedOut ? ', stopped' : ''}): ` +
        `${wapiti.findings.length} findings${wapiti.error ? `; error: ${wapiti.error}` : ''}`,
    );
    for (const [key, count] of Object.entries(wapiti.counts)) console.log(`  ${key}: ${count}`);
  }
  if (nulProbes.length > 0) {
    const failing = summary.nulProbe.answeredServerError;
    console.log(`NUL probe: ${summary.nulProbe.inputs} inputs; ${failing.length} answered 5xx`);
    for (const probe of failing) console.log(`  ${probe.call} ${probe.input}: ${probe.status}`);
    for (const probe of summary.nulProbe.notProbed) console.log(`  ${probe.call} ${probe.input}: ${probe.note}`);
  }
  console.log(`portal: ${errors.reduce((sum, error) => sum + error.count, 0)} unhandled errors`);
  for (const error of errors) console.log(`  ${error.route} × ${error.count}: ${error.cause}`);
  console.log(`\nsummary and raw output: ${join(outDir, 'summary.json')}`);
  if (injectable.length > 0 || severeWapiti.length > 0) exitCode = 1;
} catch (error) {
  console.error(`the scan failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  for (const child of children) if (child !== portal && running(child)) child.kill('SIGKILL');
  if (running(portal)) {
    portal.kill('SIGTERM');
    const killer = setTimeout(() => running(portal) && portal.kill('SIGKILL'), 10_000);
    await waitForExit(portal);
    clearTimeout(killer);
  }
  sink.close();
  portalLogStream.end();
}
process.exit(exitCode);

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { type DatabaseHandle, migrate, openDatabase } from '../../server/db/database';
import { outbox, users } from '../../server/db/schema';
import { ConfigurationError, parseEnv } from '../../server/env';
import { sessionCookiePattern } from '../../server/http/middleware';
import { createLogger } from '../../server/logger';
import { upsertPlanCatalogue } from '../../server/services/billing/plan-catalogue';
import { createServices } from '../../server/services/index';
import { processPasswordResetRequests } from '../../server/services/password-reset';
import { hashPassword } from '../../server/services/passwords';

export const publicOrigin = 'http://portal.test';

/**
 * The server suite's calendar. Tests write their dates in its reference year (2026: the clock starts
 * at 2026-11-22 12:00 UTC) through `testDate`, and `TEST_CLOCK_SHIFT_YEARS` moves all of them by
 * whole years at once. `npm test` runs the suite a year behind the database's clock and CI's
 * PostgreSQL run a year ahead of it, so a rule that reads the database's `now()` instead of the
 * services' clock fails one of them (issue 20, "one clock").
 */
const clockShiftYears = clockShiftFrom(process.env.TEST_CLOCK_SHIFT_YEARS);

function clockShiftFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (!/^[+-]?\d+$/.test(value))
    throw new Error(`TEST_CLOCK_SHIFT_YEARS must be a whole number of years, not "${value}"`);
  return Number(value);
}

/** An instant of the reference calendar, moved by the suite's shift (whole years: days of month stay). */
export function testDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not an instant: ${iso}`);
  date.setUTCFullYear(date.getUTCFullYear() + clockShiftYears);
  return date;
}

/** `testDate` as the API writes it (ISO 8601, milliseconds, UTC). */
export const testIso = (iso: string): string => testDate(iso).toISOString();

/** Where every test portal's clock starts. */
const testClockStart = (): Date => testDate('2026-11-22T12:00:00Z');
/** Tests only: the order site's shared secret in every test portal. */
export const testBillingWebhookSecret = 'test-only-billing-webhook-secret-0123456789';
/** Tests only: KEY_ENCRYPTION_KEY of every test portal of this file (a production portal needs one). */
export const testKeyEncryptionKey = randomBytes(32).toString('base64');

/** The suite's migrated PGlite database (tests/server/global-setup.ts), read once per file. */
let snapshotOfFile: Blob | undefined;
function migratedSnapshot(): Blob | undefined {
  const path = inject('migratedSnapshotPath');
  if (!path) return undefined;
  snapshotOfFile ??= new Blob([readFileSync(path)]);
  return snapshotOfFile;
}

/**
 * A fresh portal API for one test file: PGlite in memory, or, when TEST_DATABASE_URL is set, the
 * PostgreSQL server with a schema of its own that is dropped afterwards. `joinSchema` starts a
 * second process's worth of portal on another portal's PostgreSQL schema (its owner drops it).
 */
export async function startTestPortal(
  envOverrides: Record<string, string> = {},
  { joinSchema, onQuery }: { joinSchema?: string; onQuery?: (query: string) => void } = {},
) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const ownsSchema = postgresUrl !== undefined && joinSchema === undefined;
  const schema = postgresUrl ? (joinSchema ?? `test_${crypto.randomUUID().replaceAll('-', '')}`) : undefined;
  if (ownsSchema && postgresUrl && schema) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database: DatabaseHandle = await openDatabase({
    url: postgresUrl ?? 'memory://',
    snapshot: migratedSnapshot(),
    searchPath: schema,
    onQuery,
  });
  await migrate(database);
  await upsertPlanCatalogue(database.db);

  const logLines: string[] = [];
  const logSink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The bot check is off unless a test turns it on (tests/server/bot-check.test.ts does; a
  // production portal must). The billing secret and the key-encryption key are set, so a test may
  // start a production portal. The test origin is not
  // loopback, so development mode is asked for by name, as a deliberate deployment would.
  const env = parseEnv({
    APP_ENV: 'development',
    PUBLIC_ORIGIN: publicOrigin,
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
    BOT_CHECK: 'off',
    BILLING_WEBHOOK_SECRET: testBillingWebhookSecret,
    KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
    ...envOverrides,
  });
  const logger = createLogger(env.logLevel, logSink);
  const clock = { current: testClockStart() };
  const services = createServices({ database, env, logger, now: () => clock.current });
  const stopFollowingRevocations = await services.sessions.followRevocations(database);
  const stopFollowingQrAnswers = await services.qrAnswers.follow(database);
  const app = createApp(services);

  type RequestOptions = {
    method?: string;
    json?: unknown;
    body?: string;
    headers?: Record<string, string>;
    cookie?: string;
    /** Leave out the Origin header a browser would send. */
    origin?: string | null;
    /** The client's address, in X-Forwarded-For as the trusted proxy writes it; null sends no such header. */
    address?: string | null;
    /** The connection's own address (app.request() has no socket unless one is given). */
    socketAddress?: string;
  };

  async function request(path: string, options: RequestOptions = {}) {
    const method = options.method ?? (options.json !== undefined || options.body !== undefined ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...options.headers };
    const origin = options.origin === undefined ? publicOrigin : options.origin;
    if (origin !== null && method !== 'GET') headers.origin = origin;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.address !== null) headers['x-forwarded-for'] = options.address ?? '198.51.100.7';
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    // @hono/node-server's getConnInfo reads the socket from the bindings' `incoming` request.
    const bindings = options.socketAddress
      ? { incoming: { socket: { remoteAddress: options.socketAddress } } }
      : undefined;
    const response = await app.request(path, { method, headers, body }, bindings);
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return {
      status: response.status,
      headers: response.headers,
      json: json as Record<string, unknown> & { error?: string; message?: string },
      text,
    };
  }

  async function createUser(email: string, password: string) {
    const [user] = await database.db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(password), emailVerifiedAt: clock.current })
      .returning();
    if (!user) throw new Error('user not created');
    return user;
  }

  /** Signs in and returns the Cookie header that carries the session. */
  async function signIn(
    email: string,
    password: string,
    { address, userAgent }: { address?: string; userAgent?: string } = {},
  ) {
    const response = await request('/api/auth/login', {
      json: { email, password },
      address,
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
    return cookieFrom(response.headers);
  }

  /**
   * The newest mail to an address, as its recipient would read it (null when none), once the
   * queued "forgot password" requests are worked through, as a running portal does each second.
   */
  async function newestMailTo(email: string) {
    await processPasswordResetRequests(services);
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, email))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return mail ?? null;
  }

  /** The verification code of the newest mail to an address (it stands on a line of its own). */
  async function codeMailedTo(email: string): Promise<string> {
    const code = /^(\d{6})\r?$/m.exec((await newestMailTo(email))?.textBody ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  async function close() {
    await stopFollowingRevocations();
    await stopFollowingQrAnswers();
    await database.close();
    if (ownsSchema && postgresUrl && schema) {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }

  return {
    app,
    services,
    database,
    schema,
    db: database.db,
    env,
    clock,
    logLines,
    request,
    createUser,
    signIn,
    newestMailTo,
    codeMailedTo,
    close,
  };
}

/** The ConfigurationError's message for settings parseEnv must refuse (fails the test when it accepts them). */
export function configurationRefusal(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    return error.message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

/** A new client address per call, so per-client limits stay out of a test's way. */
export function clientAddresses(): () => string {
  let count = 0;
  return () => `203.0.113.${++count}`;
}

export type TestPortal = Awaited<ReturnType<typeof startTestPortal>>;

/** The `name=value` part of the session cookie a response set. */
export function cookieFrom(headers: Headers): string {
  const setCookie = headers.get('set-cookie') ?? '';
  const match = sessionCookiePattern.exec(setCookie);
  if (!match) throw new Error(`no session cookie in: ${setCookie}`);
  return match[0];
}

export function tokenFrom(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1);
}

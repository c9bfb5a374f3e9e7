// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AltchaChallenge } from '../../contract/bot-check';
import { createApp } from '../../server/app';
import { botCheckKeys, outbox, pendingAccounts } from '../../server/db/schema';
import { ConfigurationError, parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { altchaChallengeLifetimeSeconds } from '../../server/services/bot-check';
import { createServices } from '../../server/services/index';
import { portalConfigMeta } from '../../server/static';
import { clientAddresses, startTestPortal, type TestPortal, testKeyEncryptionKey } from './support';

const refused = { error: 'bot_check_failed', message: 'Please complete the check that you are not a robot.' };

const client = clientAddresses();

type Reply = { status: number; headers: Headers; json: Record<string, unknown> & { error?: string } };
/** The test portal, or another API process on its database (see `sibling`). */
type Requester = { request: (path: string, options?: { json?: unknown; address?: string }) => Promise<Reply> };

/**
 * Another API process with its own configuration on the same database as `portal`, the way
 * several processes run behind a load balancer (and cheaper than a database per configuration).
 */
function sibling(portal: TestPortal, overrides: Record<string, string>) {
  const env = parseEnv({
    APP_ENV: 'development',
    PUBLIC_ORIGIN: portal.env.publicOrigin,
    TRUST_PROXY: '1',
    BILLING_WEBHOOK_SECRET: portal.env.billingWebhookSecret,
    KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
    ...overrides,
  });
  const app = createApp(
    createServices({
      database: portal.database,
      env,
      logger: createLogger('silent'),
      now: () => portal.clock.current,
    }),
  );
  async function request(path: string, options: { json?: unknown; address?: string } = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.address ?? client() };
    const init: RequestInit = { headers };
    if (options.json !== undefined) {
      Object.assign(headers, { 'content-type': 'application/json', origin: env.publicOrigin });
      Object.assign(init, { method: 'POST', body: JSON.stringify(options.json) });
    }
    const response = await app.request(path, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
  }
  return { request };
}

function createPending(portal: Requester, email: string, token?: unknown) {
  return portal.request('/api/account/create-pending-account', {
    json: token === undefined ? { email } : { email, 'g-recaptcha-response': token },
    address: client(),
  });
}

function resendCode(portal: Requester, email: string, token?: unknown) {
  return portal.request('/api/account/resend-email-verification-code', {
    json: token === undefined ? { email } : { email, 'g-recaptcha-response': token },
    address: client(),
  });
}

/** How many mails the outbox holds for an address (each sign-up code is one). */
async function mailCount(portal: TestPortal, email: string): Promise<number> {
  return (await portal.db.select().from(outbox).where(eq(outbox.toAddress, email))).length;
}

/** What the ALTCHA widget sends: its challenge and solution, as base64 JSON. */
function tokenOf(challenge: AltchaChallenge, solution: unknown): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function fetchChallenge(portal: Requester): Promise<AltchaChallenge> {
  const response = await portal.request('/api/bot-check/challenge');
  expect(response.status).toBe(200);
  return v.parse(AltchaChallenge, response.json);
}

/** Does the work a browser does, with altcha-lib's own solver. */
async function solve(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  return tokenOf(challenge, solution);
}

async function pendingExists(portal: TestPortal, email: string): Promise<boolean> {
  return (await portal.db.select().from(pendingAccounts).where(eq(pendingAccounts.email, email))).length === 1;
}

describe('bot-check configuration', () => {
  it('defaults to self-hosted ALTCHA with a key from the database', () => {
    expect(parseEnv({}).botCheck).toEqual({ provider: 'altcha', hmacKey: null });
    expect(parseEnv({ BOT_CHECK: 'off' }).botCheck).toEqual({ provider: 'off' });
  });

  it('names each bad setting with what it must be', () => {
    const messageOf = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as Error).message;
      }
      throw new Error('no configuration error');
    };
    expect(messageOf({ BOT_CHECK: 'captcha' })).toContain('BOT_CHECK: must be altcha, turnstile, recaptcha or off');
    expect(messageOf({ BOT_CHECK: 'turnstile' })).toMatch(
      /BOT_CHECK_SITE_KEY: is required when BOT_CHECK=turnstile[\s\S]*BOT_CHECK_SECRET: is required when BOT_CHECK=turnstile/,
    );
    expect(messageOf({ BOT_CHECK: 'recaptcha', BOT_CHECK_SITE_KEY: 'site' })).toContain(
      'BOT_CHECK_SECRET: is required when BOT_CHECK=recaptcha',
    );
    expect(messageOf({ BOT_CHECK_VERIFY_URL: 'ftp://example.com' })).toContain(
      'BOT_CHECK_VERIFY_URL: must be an http:// or https:// URL',
    );
    expect(messageOf({ BOT_CHECK_HMAC_KEY: 'short' })).toContain('BOT_CHECK_HMAC_KEY: must be at least 32 characters');
    expect(messageOf({ BOT_CHECK_MIN_SCORE: '2' })).toContain('BOT_CHECK_MIN_SCORE: must be between 0 and 1');
  });

  it('gives the page the provider and site key, never the secret', () => {
    const meta = portalConfigMeta(
      parseEnv({ BOT_CHECK: 'turnstile', BOT_CHECK_SITE_KEY: 'site-key-1', BOT_CHECK_SECRET: 'secret-1' }),
    );
    expect(meta).toContain('&quot;botCheck&quot;:{&quot;provider&quot;:&quot;turnstile&quot;');
    expect(meta).toContain('&quot;siteKey&quot;:&quot;site-key-1&quot;,&quot;action&quot;:&quot;signup&quot;');
    expect(meta).not.toContain('secret-1');
    expect(portalConfigMeta(parseEnv({}))).toContain('&quot;botCheck&quot;:{&quot;provider&quot;:&quot;altcha&quot;}');
  });
});

describe('with the check off', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ BOT_CHECK: 'off' });
  });
  afterAll(() => portal.close());

  it('creates pending accounts without a token, and has no challenges to give', async () => {
    expect((await createPending(portal, 'no.token@example.com')).status).toBe(200);
    expect((await portal.request('/api/bot-check/challenge')).status).toBe(404);
  });

  it('is refused at start in production, naming BOT_CHECK', () => {
    const production = {
      APP_ENV: 'production',
      PUBLIC_ORIGIN: 'https://portal.example.com',
      BILLING_WEBHOOK_SECRET: portal.env.billingWebhookSecret,
      KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
    };
    expect(() => parseEnv({ ...production, BOT_CHECK: 'off' })).toThrow(ConfigurationError);
    expect(() => parseEnv({ ...production, BOT_CHECK: 'off' })).toThrow(
      /^ {2}BOT_CHECK: off is refused when APP_ENV=production/m,
    );
    expect(parseEnv(production).botCheck).toEqual({ provider: 'altcha', hmacKey: null });
    expect(parseEnv({ BOT_CHECK: 'off' }).botCheck).toEqual({ provider: 'off' });
  });
});

describe('the ALTCHA check', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ BOT_CHECK: 'altcha' });
    // altcha-lib also checks expiry against the real clock, so the portal's clock starts at real time.
    portal.clock.current = new Date();
  });
  afterAll(() => portal.close());

  it('issues fresh, uncached challenges that expire in ten minutes', async () => {
    const response = await portal.request('/api/bot-check/challenge');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = v.parse(AltchaChallenge, response.json);
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.parameters.expiresAt).toBe(
      Math.floor(portal.clock.current.getTime() / 1000) + altchaChallengeLifetimeSeconds,
    );
    const other = await fetchChallenge(portal);
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('creates a pending account for a solved challenge, once', async () => {
    const token = await solve(await fetchChallenge(portal));
    const created = await createPending(portal, 'solver@example.com', token);
    expect(created.status).toBe(200);
    expect(await portal.newestMailTo('solver@example.com')).not.toBeNull();

    const again = await createPending(portal, 'replayer@example.com', token);
    expect(again.status).toBe(400);
    expect(again.json).toEqual(refused);
    expect(await pendingExists(portal, 'replayer@example.com')).toBe(false);
  });

  it('refuses a request without a token, and sends nothing', async () => {
    const response = await createPending(portal, 'no.token@example.com');
    expect(response.status).toBe(400);
    expect(response.json).toEqual(refused);
    expect((await createPending(portal, 'no.token@example.com', '')).json).toEqual(refused);
    expect(await portal.newestMailTo('no.token@example.com')).toBeNull();
    expect(await pendingExists(portal, 'no.token@example.com')).toBe(false);
  });

  it('refuses garbage tokens', async () => {
    const challenge = await fetchChallenge(portal);
    for (const token of [
      'not a token',
      Buffer.from('not json').toString('base64'),
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
      tokenOf(challenge, { counter: 1, derivedKey: 'zz' }),
      tokenOf(challenge, { counter: 1, derivedKey: '00'.repeat(32) }),
      'A'.repeat(10_000),
    ]) {
      const response = await createPending(portal, 'garbage@example.com', token);
      expect(response.status, token.slice(0, 40)).toBe(400);
      expect(response.json).toEqual(refused);
    }
    // Not a string at all: the contract refuses it before the check.
    expect((await createPending(portal, 'garbage@example.com', 42)).json.error).toBe('validation_failed');
    expect(await pendingExists(portal, 'garbage@example.com')).toBe(false);
  });

  it('refuses the solution of a tampered challenge', async () => {
    const challenge = await fetchChallenge(portal);
    // Made cheap: one PBKDF2 round and a one-digit prefix, solved in a few tries.
    const cheaper: AltchaChallenge = {
      ...challenge,
      parameters: { ...challenge.parameters, cost: 1, keyPrefix: '0', keySignature: undefined },
    };
    const response = await createPending(portal, 'tamperer@example.com', await solve(cheaper));
    expect(response.status).toBe(400);
    expect(response.json).toEqual(refused);

    // A genuine solution whose challenge was then given a longer life.
    const honest = await fetchChallenge(portal);
    const solution = JSON.parse(Buffer.from(await solve(honest), 'base64').toString()).solution;
    const extended = {
      ...honest,
      parameters: { ...honest.parameters, expiresAt: (honest.parameters.expiresAt ?? 0) + 3600 },
    };
    expect((await createPending(portal, 'tamperer@example.com', tokenOf(extended, solution))).json).toEqual(refused);
    expect(await pendingExists(portal, 'tamperer@example.com')).toBe(false);
  });

  it('refuses a solution sent after its challenge expired', async () => {
    const token = await solve(await fetchChallenge(portal));
    const issuedAt = portal.clock.current;
    portal.clock.current = new Date(issuedAt.getTime() + (altchaChallengeLifetimeSeconds + 1) * 1000);
    try {
      const response = await createPending(portal, 'slow@example.com', token);
      expect(response.status).toBe(400);
      expect(response.json).toEqual(refused);
    } finally {
      portal.clock.current = issuedAt;
    }
    expect(await pendingExists(portal, 'slow@example.com')).toBe(false);
  });

  it('shares its key through the database: one process issues, another accepts once', async () => {
    const other = sibling(portal, { BOT_CHECK: 'altcha' });
    const token = await solve(await fetchChallenge(portal));
    expect((await createPending(other, 'elsewhere@example.com', token)).status).toBe(200);
    expect((await createPending(portal, 'back.here@example.com', token)).json).toEqual(refused);
    expect(await portal.db.select().from(botCheckKeys)).toHaveLength(1);
  });

  it('uses BOT_CHECK_HMAC_KEY when set, and refuses challenges signed with another key', async () => {
    const keyed = sibling(portal, { BOT_CHECK: 'altcha', BOT_CHECK_HMAC_KEY: 'k'.repeat(64) });
    const fromKeyed = await solve(await fetchChallenge(keyed));
    expect((await createPending(portal, 'crossed@example.com', fromKeyed)).json).toEqual(refused);
    expect((await createPending(keyed, 'keyed@example.com', fromKeyed)).status).toBe(200);
    const fromPortal = await solve(await fetchChallenge(portal));
    expect((await createPending(keyed, 'crossed@example.com', fromPortal)).json).toEqual(refused);
  });

  it('asks a resent code for a solved challenge too, and sends nothing without one (issue 21)', async () => {
    const email = 'resender@example.com';
    const spent = await solve(await fetchChallenge(portal));
    expect((await createPending(portal, email, spent)).status).toBe(200);
    expect(await mailCount(portal, email)).toBe(1);
    const issuedAt = portal.clock.current;
    // Past the per-address cooldown, so only the check stands between the request and a mail.
    portal.clock.current = new Date(issuedAt.getTime() + 31_000);
    try {
      // No answer, an empty one, garbage, and the solution the first code already spent.
      for (const token of [undefined, '', 'not a token', spent]) {
        const response = await resendCode(portal, email, token);
        expect(response.status).toBe(400);
        expect(response.json).toEqual(refused);
      }
      expect(await mailCount(portal, email)).toBe(1);

      const resent = await resendCode(portal, email, await solve(await fetchChallenge(portal)));
      expect(resent.status).toBe(200);
      expect(resent.json).toMatchObject({ success: true });
      expect(await mailCount(portal, email)).toBe(2);
    } finally {
      portal.clock.current = issuedAt;
    }
  });

  it('needs no relaxation of the Content-Security-Policy', async () => {
    const csp = (await portal.request('/api/bot-check/challenge')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('frame-src');
    expect(csp).not.toContain('blob:');
  });
});

type SiteverifyCall = { form: URLSearchParams; contentType: string | undefined };

/** A stand-in for the provider's siteverify endpoint: answers what the test sets, records each call. */
async function startSiteverify() {
  const calls: SiteverifyCall[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (request, response) => {
    calls.push({ form: new URLSearchParams(await readBody(request)), contentType: request.headers['content-type'] });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    calls,
    answer(status: number, body: unknown) {
      answer = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a third-party check, Turnstile', () => {
  let portal: TestPortal;
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    siteverify = await startSiteverify();
    portal = await startTestPortal({
      BOT_CHECK: 'turnstile',
      BOT_CHECK_SITE_KEY: 'turnstile-site-key',
      BOT_CHECK_SECRET: 'turnstile-secret',
      BOT_CHECK_VERIFY_URL: siteverify.url,
    });
  });
  afterAll(async () => {
    await portal.close();
    await siteverify.close();
  });

  it('posts the secret, the token and the client address, and accepts a success', async () => {
    siteverify.answer(200, { success: true, action: 'signup', hostname: 'portal.test' });
    const response = await portal.request('/api/account/create-pending-account', {
      json: { email: 'turnstile.person@example.com', 'g-recaptcha-response': 'token-from-widget' },
      address: '192.0.2.44',
    });
    expect(response.status).toBe(200);
    const call = siteverify.calls.at(-1);
    expect(call?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      secret: 'turnstile-secret',
      response: 'token-from-widget',
      remoteip: '192.0.2.44',
    });
  });

  it('refuses what the provider refuses, or a token made for another action', async () => {
    siteverify.answer(200, { success: false, 'error-codes': ['invalid-input-response'] });
    expect((await createPending(portal, 'robot@example.com', 'bad-token')).json).toEqual(refused);
    siteverify.answer(200, { success: true, action: 'login', hostname: 'portal.test' });
    expect((await createPending(portal, 'robot@example.com', 'login-token')).json).toEqual(refused);
    expect(await pendingExists(portal, 'robot@example.com')).toBe(false);
  });

  it('refuses a token solved on another site that copied the site key, or one that names no site', async () => {
    siteverify.answer(200, { success: true, action: 'signup', hostname: 'copycat.example' });
    expect((await createPending(portal, 'farmed@example.com', 'farmed-token')).json).toEqual(refused);
    siteverify.answer(200, { success: true, action: 'signup' });
    expect((await createPending(portal, 'farmed@example.com', 'bare-token')).json).toEqual(refused);
    expect(await pendingExists(portal, 'farmed@example.com')).toBe(false);
  });

  it('refuses a missing token without asking the provider', async () => {
    const before = siteverify.calls.length;
    expect((await createPending(portal, 'robot@example.com')).json).toEqual(refused);
    expect(siteverify.calls.length).toBe(before);
  });

  it('asks the provider about a resent code too, and sends nothing when it refuses', async () => {
    const email = 'turnstile.resender@example.com';
    siteverify.answer(200, { success: true, action: 'signup', hostname: 'portal.test' });
    expect((await createPending(portal, email, 'first-token')).status).toBe(200);
    const issuedAt = portal.clock.current;
    portal.clock.current = new Date(issuedAt.getTime() + 31_000);
    try {
      const before = siteverify.calls.length;
      expect((await resendCode(portal, email)).json).toEqual(refused);
      expect(siteverify.calls.length).toBe(before);
      siteverify.answer(200, { success: false, 'error-codes': ['invalid-input-response'] });
      expect((await resendCode(portal, email, 'bad-token')).json).toEqual(refused);
      expect(siteverify.calls.at(-1)?.form.get('response')).toBe('bad-token');
      expect(await mailCount(portal, email)).toBe(1);

      siteverify.answer(200, { success: true, action: 'signup', hostname: 'portal.test' });
      expect((await resendCode(portal, email, 'second-token')).status).toBe(200);
      expect(await mailCount(portal, email)).toBe(2);
    } finally {
      portal.clock.current = issuedAt;
    }
  });

  it('answers 500 when the provider is broken, rather than blaming the person', async () => {
    siteverify.answer(502, { oops: true });
    const response = await createPending(portal, 'unlucky@example.com', 'token');
    expect(response.status).toBe(500);
    expect(response.json.error).toBe('internal_error');
  });

  it("allows exactly the provider's script and frame origin in the CSP", async () => {
    const csp = (await portal.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com;");
    expect(csp).toContain("frame-src 'self' https://challenges.cloudflare.com;");
  });

  describe('and reCAPTCHA v3', () => {
    const recaptcha = () =>
      sibling(portal, {
        BOT_CHECK: 'recaptcha',
        BOT_CHECK_SITE_KEY: 'recaptcha-site-key',
        BOT_CHECK_SECRET: 'recaptcha-secret',
        BOT_CHECK_VERIFY_URL: siteverify.url,
        BOT_CHECK_MIN_SCORE: '0.5',
      });

    it('accepts a likely person and refuses a low score', async () => {
      const process = recaptcha();
      siteverify.answer(200, { success: true, action: 'signup', score: 0.9, hostname: 'portal.test' });
      expect((await createPending(process, 'likely.person@example.com', 'token')).status).toBe(200);
      expect(siteverify.calls.at(-1)?.form.get('secret')).toBe('recaptcha-secret');
      siteverify.answer(200, { success: true, action: 'signup', score: 0.1, hostname: 'portal.test' });
      expect((await createPending(process, 'likely.robot@example.com', 'token')).json).toEqual(refused);
    });

    it("allows exactly Google's reCAPTCHA script and frame origins in the CSP", async () => {
      const csp = (await recaptcha().request('/api/health')).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
      expect(csp).toContain(
        "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;",
      );
    });
  });
});

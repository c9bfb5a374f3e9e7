// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { demoAccounts, demoPassword } from '../../server/db/seed-demo';
import { ConfigurationError, parseEnv } from '../../server/env';
import { startPortal } from '../../server/portal';
import { devFlowExplorerRoutes } from '../../server/routes/dev-flow-explorer';
import { developmentBillingWebhookSecret } from '../../server/services/billing/event-signature';
import { developmentStatsIngestSecret } from '../../server/services/stats/batch-signature';
import {
  configurationRefusal,
  startTestPortal,
  type TestPortal,
  testBillingWebhookSecret,
  testKeyEncryptionKey,
} from './support';

/**
 * Development features stay on the developer's machine (issue 21): development mode only on a
 * loopback origin unless asked for by name, /dev/* only for clients on this machine, and a
 * production start that refuses what the source publishes (secrets, demo accounts).
 */

const publicPortal = 'https://portal.example.com';
const production = {
  APP_ENV: 'production',
  PUBLIC_ORIGIN: publicPortal,
  BILLING_WEBHOOK_SECRET: testBillingWebhookSecret,
  KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
};

describe('development mode', () => {
  it('is what the quick start gets, with no setting at all, on http://localhost:3000', () => {
    expect(parseEnv({})).toMatchObject({ production: false, publicOrigin: 'http://localhost:3000' });
    expect(parseEnv({ PORT: '3100' })).toMatchObject({ production: false, publicOrigin: 'http://localhost:3100' });
  });

  it('is the default on every loopback origin', () => {
    for (const origin of [
      'http://localhost:5173',
      'http://portal.localhost:3000',
      'http://127.0.0.1:3100',
      'http://127.8.9.10',
      'http://[::1]:3000',
    ]) {
      expect(parseEnv({ PUBLIC_ORIGIN: origin }).production, origin).toBe(false);
    }
  });

  it('is refused on any other origin unless APP_ENV says which mode, naming APP_ENV', () => {
    expect(configurationRefusal({ PUBLIC_ORIGIN: publicPortal })).toBe(
      'Invalid configuration:\n  APP_ENV: must be production (or, deliberately, development) when PUBLIC_ORIGIN is not a loopback address (https://portal.example.com)',
    );
    for (const origin of [
      'http://192.168.1.20:3000',
      'http://0.0.0.0:3000',
      'http://localhost.example.com',
      'http://[2001:db8::1]:3000',
    ]) {
      expect(configurationRefusal({ PUBLIC_ORIGIN: origin }), origin).toMatch(/^ {2}APP_ENV: must be production/m);
    }
  });

  it('is accepted on a public origin when asked for by name, and so is production', () => {
    expect(parseEnv({ APP_ENV: 'development', PUBLIC_ORIGIN: publicPortal }).production).toBe(false);
    expect(parseEnv(production).production).toBe(true);
  });

  it('is one of the values APP_ENV names when it has another', () => {
    expect(configurationRefusal({ APP_ENV: 'prod' })).toMatch(/APP_ENV: must be production, development, or unset/);
  });
});

describe('a production start refuses the development secrets published in the source', () => {
  it('refuses the order site’s development webhook secret', () => {
    expect(configurationRefusal({ ...production, BILLING_WEBHOOK_SECRET: developmentBillingWebhookSecret })).toMatch(
      /^ {2}BILLING_WEBHOOK_SECRET: is the development default, published in the source/m,
    );
  });

  it('refuses the VPN servers’ development stats secret', () => {
    expect(configurationRefusal({ ...production, STATS_INGEST_SECRET: developmentStatsIngestSecret })).toMatch(
      /^ {2}STATS_INGEST_SECRET: is the development default, published in the source/m,
    );
  });

  it('names both at once, and accepts them outside production', () => {
    const message = configurationRefusal({
      ...production,
      BILLING_WEBHOOK_SECRET: developmentBillingWebhookSecret,
      STATS_INGEST_SECRET: developmentStatsIngestSecret,
    });
    expect(message).toMatch(/BILLING_WEBHOOK_SECRET[\s\S]*STATS_INGEST_SECRET/);
    const development = parseEnv({
      BILLING_WEBHOOK_SECRET: developmentBillingWebhookSecret,
      STATS_INGEST_SECRET: developmentStatsIngestSecret,
    });
    expect(development.billingWebhookSecret).toBe(developmentBillingWebhookSecret);
    expect(development.statsIngestSecret).toBe(developmentStatsIngestSecret);
  });
});

describe('a production start on a database', () => {
  /** Starts a production portal on the test portal's database: the error it refused with, or null. */
  async function productionStartOn(portal: TestPortal): Promise<unknown> {
    const env = { ...parseEnv({ ...production, LOG_LEVEL: 'silent' }), port: 0 };
    return startPortal({ env, database: portal.database, logger: portal.services.logger, clientDir: null }).then(
      async (running) => {
        await running.stop();
        return null;
      },
      (error: unknown) => error,
    );
  }

  it('refuses one that holds any demo account, whose password is published', async () => {
    const portal = await startTestPortal();
    try {
      // One is enough: a local trial's database, or a copy of one, with its other data deleted.
      await portal.createUser(demoAccounts.teamUser, demoPassword);
      await portal.createUser('someone@example.com', 'a-password-of-their-own');
      const refused = await productionStartOn(portal);
      expect(refused).toBeInstanceOf(ConfigurationError);
      expect((refused as Error).message).toBe(
        `Invalid configuration:\n  DATABASE_URL: holds demo accounts, whose password is published (${demoAccounts.teamUser}); APP_ENV=production does not start on it: delete those accounts or use a new database`,
      );
    } finally {
      await portal.close();
    }
  });

  it('starts on one without them, and creates none', async () => {
    const portal = await startTestPortal();
    try {
      await portal.createUser('someone@example.com', 'a-password-of-their-own');
      expect(await productionStartOn(portal)).toBeNull();
      expect(await portal.db.select({ email: users.email }).from(users)).toEqual([{ email: 'someone@example.com' }]);
    } finally {
      await portal.close();
    }
  });
});

describe('the development tools under /dev', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal.close());

  const notFound = { error: 'not_found', message: 'Not found.' };

  it('answer a client on this machine, over IPv4 or IPv6', async () => {
    for (const socketAddress of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      const mailbox = await portal.request('/dev/mailbox', { socketAddress, address: null });
      expect(mailbox.status, socketAddress).toBe(200);
      expect(mailbox.text).toContain('Development mailbox');
      const texts = await portal.request('/dev/mailbox/sms?to=%2B12015550123', { socketAddress, address: null });
      expect(texts.status, socketAddress).toBe(200);
      expect(texts.json).toEqual([]);
    }
  });

  it('do not exist for a client elsewhere', async () => {
    for (const socketAddress of ['192.0.2.10', '10.0.0.5', '2001:db8::1', '::ffff:192.0.2.10']) {
      for (const path of ['/dev/mailbox', '/dev/mailbox/sms?to=%2B12015550123']) {
        const response = await portal.request(path, { socketAddress, address: null });
        expect(response.status, `${socketAddress} ${path}`).toBe(404);
        expect(response.json).toEqual(notFound);
      }
    }
  });

  it('do not exist for a request a proxy forwarded, even from this machine and from a loopback client', async () => {
    const fromProxy = { socketAddress: '127.0.0.1', address: null };
    const proxyHeaders: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of proxyHeaders) {
      const response = await portal.request('/dev/mailbox', { ...fromProxy, headers });
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(response.json).toEqual(notFound);
    }
    // The default of the test portal's requests: forwarded by its one trusted proxy (TRUST_PROXY=1).
    expect((await portal.request('/dev/mailbox', { address: '127.0.0.1' })).status).toBe(404);
  });

  it('do not exist when the socket is unknown', async () => {
    const response = await portal.request('/dev/mailbox', { address: null });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(notFound);
  });

  it('read the address of a real connection', async () => {
    const server = serve({ fetch: portal.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mailbox`;
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the flow explorer on /dev/flows', () => {
  /** A built explorer as `npm run flows:build` leaves it, in a folder of its own. */
  function builtExplorer() {
    const dir = mkdtempSync(join(tmpdir(), 'flow-explorer-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>Flow explorer</title><script src="./assets/explorer.js"></script>',
    );
    writeFileSync(join(dir, 'states.html'), '<!doctype html><title>Every state</title>');
    writeFileSync(join(dir, 'assets', 'explorer.js'), 'export {};');
    return new Hono().route('/dev/flows', devFlowExplorerRoutes(dir));
  }

  it("serves the explorer at its address and at a machine's, with a policy that lets Graphviz run", async () => {
    const app = builtExplorer();
    for (const path of ['/dev/flows/', '/dev/flows/signUp?state=verifying.awaitingCode.enteringCode&path=3']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<title>Flow explorer</title>');
      expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    }
    const script = await app.request('/dev/flows/assets/explorer.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('Content-Type')).toMatch(/javascript/);
    expect(await (await app.request('/dev/flows/states.html')).text()).toContain('Every state');
    // A missing file is a 404, never the page run as a script.
    expect((await app.request('/dev/flows/assets/missing.js')).status).toBe(404);
    // The files' addresses are relative to the folder: the bare address gets its slash.
    const bare = await app.request('/dev/flows');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('Location')).toBe('/dev/flows/');
  });

  it('says how to build it when it is not built', async () => {
    const app = new Hono().route('/dev/flows', devFlowExplorerRoutes(join(tmpdir(), 'no-such-explorer')));
    const response = await app.request('/dev/flows/');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('The flow explorer is not built: run `npm run flows:build`.');
  });

  it('does not exist for a client elsewhere', async () => {
    const portal = await startTestPortal();
    try {
      const response = await portal.request('/dev/flows/', { socketAddress: '192.0.2.10', address: null });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ error: 'not_found', message: 'Not found.' });
    } finally {
      await portal.close();
    }
  });
});

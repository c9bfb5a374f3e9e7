// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, parseEnv } from '../../server/env';
import { serveClient } from '../../server/static';
import { startTestPortal, type TestPortal, testKeyEncryptionKey } from './support';

describe('configuration', () => {
  it('has working defaults for a local trial', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      port: 3000,
      publicOrigin: 'http://localhost:3000',
      databaseUrl: null,
      production: false,
      sentryDsn: null,
    });
    expect(env.sessionTtlSeconds).toBe(12 * 3600);
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SENTRY_DSN: 'not a url' })).toThrow(
      ConfigurationError,
    );
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SENTRY_DSN: 'not a url' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SENTRY_DSN');
    }
  });

  it('requires PUBLIC_ORIGIN in production', () => {
    expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN: is required/);
    const required = {
      PUBLIC_ORIGIN: 'https://portal.example',
      BILLING_WEBHOOK_SECRET: 'x'.repeat(32),
      KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
    };
    expect(parseEnv({ APP_ENV: 'production', ...required }).production).toBe(true);
  });

  it('serves with several processes only on PostgreSQL (WEB_CONCURRENCY)', () => {
    expect(parseEnv({}).webConcurrency).toBe(1);
    for (const databaseUrl of [{}, { DATABASE_URL: 'memory://' }])
      expect(() => parseEnv({ WEB_CONCURRENCY: '2', ...databaseUrl })).toThrow(
        /WEB_CONCURRENCY: 2 processes need PostgreSQL \(DATABASE_URL=postgres:\/\/…\): the embedded database \(PGlite\) serves one process/,
      );
    expect(
      parseEnv({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).webConcurrency,
    ).toBe(4);
    for (const bad of ['0', '33', 'two', '1.5'])
      expect(() => parseEnv({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY: must be/);
  });

  it('refuses an origin with a path', () => {
    expect(() => parseEnv({ PUBLIC_ORIGIN: 'https://portal.example/app' })).toThrow(/origin/);
  });
});

describe('the single-page app on the same origin', () => {
  let portal: TestPortal;
  let clientDir: string;

  beforeAll(async () => {
    portal = await startTestPortal({ SENTRY_DSN: 'https://key@errors.example/42', PRODUCT_NAME: 'Bond "&" Line' });
    clientDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    mkdirSync(join(clientDir, 'assets'));
    mkdirSync(join(clientDir, '.vite'));
    writeFileSync(
      join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/main-abc123.js', isEntry: true } }),
    );
    writeFileSync(join(clientDir, 'index.html'), '<html><head><!--portal-config--></head><body></body></html>');
    writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    serveClient(portal.app, portal.env, clientDir);
  });
  afterAll(async () => {
    rmSync(clientDir, { recursive: true, force: true });
    await portal.close();
  });

  it('serves the page for / and for any page path, with the deployment configuration escaped in a meta tag', async () => {
    for (const path of ['/', '/account', '/password/reset/abc']) {
      const response = await portal.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.text).toContain(
        '<meta name="portal-config" content="{&quot;productName&quot;:&quot;Bond \\&quot;&amp;\\&quot; Line&quot;',
      );
      expect(response.text).toContain('&quot;sentryDsn&quot;:&quot;https://key@errors.example/42&quot;');
    }
  });

  it('keeps reset tokens out of the Referer', async () => {
    expect((await portal.request('/password/reset/abc')).headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('serves fingerprinted assets for a year, and a missing asset as 404, never as the page', async () => {
    const asset = await portal.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await portal.request('/assets/gone-123.js')).status).toBe(404);
  });

  it('still answers unknown API paths with JSON', async () => {
    const response = await portal.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.json.error).toBe('not_found');
  });
});

// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveClient } from '../../server/static';
import { startTestPortal, type TestPortal } from './support';

/** Code that compresses well and is larger than any threshold, distinct per file. */
const code = (name: string) => `export const ${name} = ${JSON.stringify(`${name} `.repeat(400))};\n`;

/**
 * A built client as Vite and the build's compress step leave it: the login route's chunk and the
 * pathless sign-up layout's share an auth-page chunk (with CSS), which imports the entry's own
 * shared chunk; index.html preloads the entry's imports itself.
 */
const files: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><!--portal-config-->' +
    '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/shared-s1.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-e1.css"></head><body><div id="root"></div></body></html>',
  'assets/index-e1.js': code('entry'),
  'assets/index-e1.css': `body{margin:0}${'.x{color:red}'.repeat(200)}`,
  'assets/shared-s1.js': code('shared'),
  'assets/auth-page-a1.js': code('authPage'),
  'assets/auth-page-a1.css': `.auth{display:grid}${'.y{color:blue}'.repeat(200)}`,
  'assets/login-l1.js': code('login'),
  'assets/_signUp-u1.js': code('signUp'),
  'assets/messages-en1.js': code('english'),
  'assets/messages-de1.js': code('german'),
  'assets/signed-in-en1.js': code('englishSignedIn'),
  'assets/signed-in-de1.js': code('germanSignedIn'),
  'assets/_signedIn-i1.js': code('signedInLayout'),
  'assets/billing-b1.js': code('billing'),
  'assets/reports-r1.js': code('reports'),
  'assets/reports-de1.js': code('germanReports'),
  'assets/logo-p1.png': 'not really a png, and not compressible by type',
  '.vite/manifest.json': JSON.stringify({
    'index.html': {
      file: 'assets/index-e1.js',
      isEntry: true,
      imports: ['_shared-s1.js'],
      css: ['assets/index-e1.css'],
    },
    '_shared-s1.js': { file: 'assets/shared-s1.js' },
    '_auth-page-a1.js': {
      file: 'assets/auth-page-a1.js',
      imports: ['_shared-s1.js', 'index.html'],
      css: ['assets/auth-page-a1.css'],
    },
    'src/routes/login.tsx?tsr-split=component': {
      file: 'assets/login-l1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_auth-page-a1.js', '_shared-s1.js'],
    },
    'src/routes/_signUp.tsx?tsr-split=component': {
      file: 'assets/_signUp-u1.js',
      isDynamicEntry: true,
      imports: ['_auth-page-a1.js'],
    },
    'locales/en/messages.po': { file: 'assets/messages-en1.js', isDynamicEntry: true },
    'locales/de/messages.po': { file: 'assets/messages-de1.js', isDynamicEntry: true },
    'locales/en/signed-in.po': { file: 'assets/signed-in-en1.js', isDynamicEntry: true },
    'locales/de/signed-in.po': { file: 'assets/signed-in-de1.js', isDynamicEntry: true },
    'locales/de/reports.po': { file: 'assets/reports-de1.js', isDynamicEntry: true },
    'src/routes/_signedIn.tsx?tsr-split=component': {
      file: 'assets/_signedIn-i1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared-s1.js'],
    },
    'src/routes/_signedIn/billing.tsx?tsr-split=component': {
      file: 'assets/billing-b1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared-s1.js'],
    },
    'src/routes/_signedIn/reports.tsx?tsr-split=component': {
      file: 'assets/reports-r1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared-s1.js'],
    },
  }),
};

const largeJson = { items: Array.from({ length: 100 }, (_, index) => ({ index, label: `item number ${index}` })) };

function buildClient(): string {
  const clientDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(clientDir, file, '..'), { recursive: true });
    writeFileSync(join(clientDir, file), content);
  }
  // The build's own step, on this folder.
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress-assets.ts', clientDir]);
  return clientDir;
}

async function get(portal: TestPortal, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await portal.app.request(path, { method, headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

function decoded(response: Response, body: Buffer): Buffer {
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  expect(encoding).toBeNull();
  return body;
}

describe('compressed answers and preloaded chunks', () => {
  let portal: TestPortal;
  let clientDir: string;

  beforeAll(async () => {
    portal = await startTestPortal();
    clientDir = buildClient();
    portal.app.get('/api/test/large', (c) => c.json(largeJson));
    portal.app.get('/api/test/small', (c) => c.json({ ok: true }));
    serveClient(portal.app, portal.env, clientDir);
  });
  afterAll(async () => {
    rmSync(clientDir, { recursive: true, force: true });
    await portal.close();
  });

  const original = (file: string) => readFileSync(join(clientDir, file));

  describe('static assets, compressed at build time', () => {
    it('writes brotli and gzip beside each compressible file, and nothing beside an image', () => {
      expect(brotliDecompressSync(original('assets/login-l1.js.br'))).toEqual(original('assets/login-l1.js'));
      expect(gunzipSync(original('assets/login-l1.js.gz'))).toEqual(original('assets/login-l1.js'));
      expect(() => original('assets/logo-p1.png.br')).toThrow();
    });

    it.each([
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['*', 'br'],
      ['gzip;q=0, *;q=0.3', 'br'],
      ['identity', null],
      ['br;q=0, gzip;q=0', null],
      ['', null],
    ])('Accept-Encoding %j gets %s, with Vary', async (acceptEncoding, expected) => {
      const { response, body } = await get(portal, '/assets/login-l1.js', { 'accept-encoding': acceptEncoding });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(expected);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
      expect(decoded(response, body)).toEqual(original('assets/login-l1.js'));
    });

    it('sends an image as it is, without Vary', async () => {
      const { response, body } = await get(portal, '/assets/logo-p1.png', { 'accept-encoding': 'br, gzip' });
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBeNull();
      expect(body).toEqual(original('assets/logo-p1.png'));
    });

    it('answers a range of the plain file, and of the brotli file when brotli is accepted', async () => {
      const plain = await get(portal, '/assets/login-l1.js', { range: 'bytes=0-9' });
      expect(plain.response.status).toBe(206);
      expect(plain.response.headers.get('content-range')).toBe(
        `bytes 0-9/${original('assets/login-l1.js').byteLength}`,
      );
      expect(plain.response.headers.get('content-encoding')).toBeNull();
      expect(plain.body).toEqual(original('assets/login-l1.js').subarray(0, 10));

      const brotli = await get(portal, '/assets/login-l1.js', { range: 'bytes=5-', 'accept-encoding': 'br' });
      expect(brotli.response.status).toBe(206);
      expect(brotli.response.headers.get('content-encoding')).toBe('br');
      expect(brotli.response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(brotli.body).toEqual(original('assets/login-l1.js.br').subarray(5));
    });

    it('answers HEAD with the length of what GET would send, and no body', async () => {
      for (const [acceptEncoding, file] of [
        ['br', 'assets/login-l1.js.br'],
        ['gzip', 'assets/login-l1.js.gz'],
        ['', 'assets/login-l1.js'],
      ] as const) {
        const { response, body } = await get(
          portal,
          '/assets/login-l1.js',
          { 'accept-encoding': acceptEncoding },
          'HEAD',
        );
        expect(response.status).toBe(200);
        expect(response.headers.get('content-length')).toBe(String(original(file).byteLength));
        expect(response.headers.get('content-encoding')).toBe(acceptEncoding || null);
        expect(body.byteLength).toBe(0);
      }
    });

    it('keeps a missing asset a plain 404', async () => {
      const { response } = await get(portal, '/assets/gone-1.js', { 'accept-encoding': 'br' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-encoding')).toBeNull();
    });
  });

  describe('the page', () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((match) => match[1]);

    it('preloads the route’s chunks and the negotiated catalogue, compressed, varying by both headers', async () => {
      const { response, body } = await get(portal, '/login', {
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'de-AT,de;q=0.9',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = decoded(response, body).toString('utf8');
      expect(html).toContain('<meta name="portal-config"');
      // The entry's own imports stay preloaded once, by index.html.
      expect(preloads(html).sort()).toEqual(
        [
          '/assets/shared-s1.js',
          '/assets/auth-page-a1.js',
          '/assets/auth-page-a1.css',
          '/assets/login-l1.js',
          '/assets/messages-de1.js',
        ].sort(),
      );
      expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/auth-page-a1.css">');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-l1.js">');
      expect(html.indexOf('/assets/login-l1.js')).toBeLessThan(html.indexOf('</head>'));
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    });

    it('loads a pathless layout’s chunks for its pages, and English for an unspoken language', async () => {
      const { response, body } = await get(portal, '/create', {
        'accept-encoding': 'gzip',
        'accept-language': 'zh-TW',
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(preloads(decoded(response, body).toString('utf8')).sort()).toEqual(
        [
          '/assets/shared-s1.js',
          '/assets/_signUp-u1.js',
          '/assets/auth-page-a1.js',
          '/assets/auth-page-a1.css',
          '/assets/messages-en1.js',
        ].sort(),
      );
    });

    it('gives a signed-in page the signed-in catalogue too, and a public page only the public one', async () => {
      const { body } = await get(portal, '/billing', { 'accept-language': 'de' });
      expect(preloads(body.toString('utf8')).sort()).toEqual(
        [
          '/assets/shared-s1.js',
          '/assets/_signedIn-i1.js',
          '/assets/billing-b1.js',
          '/assets/messages-de1.js',
          '/assets/signed-in-de1.js',
        ].sort(),
      );
    });

    it('gives the reports page its own catalogue beside the signed-in one, which no other page loads', async () => {
      const { body } = await get(portal, '/reports', { 'accept-language': 'de' });
      expect(preloads(body.toString('utf8')).sort()).toEqual(
        [
          '/assets/shared-s1.js',
          '/assets/_signedIn-i1.js',
          '/assets/reports-r1.js',
          '/assets/messages-de1.js',
          '/assets/signed-in-de1.js',
          '/assets/reports-de1.js',
        ].sort(),
      );
    });

    it('gives a path that matches no route only the catalogue, uncompressed when nothing is accepted', async () => {
      const { response, body } = await get(portal, '/no/such/page', { 'accept-language': 'de' });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
      expect(preloads(body.toString('utf8')).sort()).toEqual(['/assets/messages-de1.js', '/assets/shared-s1.js']);
    });

    it('sends the same bytes for two paths of one route in one language', async () => {
      const first = await get(portal, '/password/reset/first-token', { 'accept-encoding': 'br' });
      const second = await get(portal, '/password/reset/second-token', { 'accept-encoding': 'br' });
      expect(first.body).toEqual(second.body);
      expect(first.response.headers.get('referrer-policy')).toBe('no-referrer');
    });
  });

  describe('JSON answers', () => {
    it('compresses an answer of 1 KiB or more as accepted, and says it varies', async () => {
      for (const [acceptEncoding, expected] of [
        ['gzip, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0', null],
      ] as const) {
        const { response, body } = await get(portal, '/api/test/large', { 'accept-encoding': acceptEncoding });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(expected);
        expect(response.headers.get('vary')).toBe('Accept-Encoding');
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(JSON.parse(decoded(response, body).toString('utf8'))).toEqual(largeJson);
        expect(JSON.stringify(largeJson).length).toBeGreaterThan(1024);
      }
    });

    it('sends a small answer as it is', async () => {
      const { response, body } = await get(portal, '/api/test/small', { 'accept-encoding': 'br, gzip' });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBeNull();
      expect(JSON.parse(body.toString('utf8'))).toEqual({ ok: true });
    });

    it('does not encode an answer to HEAD, which has no body', async () => {
      const { response, body } = await get(portal, '/api/test/large', { 'accept-encoding': 'br' }, 'HEAD');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(body.byteLength).toBe(0);
    });
  });
});

describe('Strict-Transport-Security', () => {
  it('is on every answer in production, and on none outside it', async () => {
    const production = await startTestPortal({
      APP_ENV: 'production',
      PUBLIC_ORIGIN: 'https://portal.example',
      BOT_CHECK: 'altcha',
    });
    const trial = await startTestPortal();
    try {
      for (const path of ['/api/health', '/api/nothing-here', '/.well-known/jwks.json']) {
        expect((await production.request(path)).headers.get('strict-transport-security')).toBe(
          'max-age=63072000; includeSubDomains',
        );
        expect((await trial.request(path)).headers.has('strict-transport-security')).toBe(false);
      }
    } finally {
      await production.close();
      await trial.close();
    }
  });
});

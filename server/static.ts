import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { Locale } from '../contract/locales';
import { type ClientRoute, clientChunks, readClientManifest } from './client-manifest';
import type { Env } from './env';
import {
  addVary,
  type ContentEncoding,
  compress,
  contentEncodings,
  isCompressible,
  negotiateEncoding,
} from './http/compression';
import type { AppEnv } from './http/middleware';
import { negotiateLocale } from './mail/i18n';
import { publicBotCheckConfig } from './services/bot-check';

/** HTML-attribute escaping for the JSON we put in a meta tag. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What the browser needs to know of this deployment, put in the page rather than built in. */
export function portalConfigMeta(env: Env): string {
  const config = {
    productName: env.productName,
    supportEmail: env.supportEmail,
    orderSiteOrigin: env.orderSiteOrigin,
    sentryDsn: env.sentryDsn ?? '',
    environment: env.production ? 'production' : 'development',
    botCheck: publicBotCheckConfig(env.botCheck),
    phoneVerificationRegions: env.phoneVerificationRegions,
    // The sign-in page shows a button for each configured provider (src/features/federated-sign-in).
    signInProviders: env.federatedSignIn.providers.map(({ id, name }) => ({ id, name })),
    directoryServiceUrl: env.federatedSignIn.directoryServiceUrl,
    qrLoginValiditySeconds: env.qrLoginValiditySeconds,
  };
  return `<meta name="portal-config" content="${escapeAttribute(JSON.stringify(config))}">`;
}

/**
 * Serves `<file>.br` or `<file>.gz`, written beside each compressible file by the build, when the
 * request's Accept-Encoding (q-values included) allows it; serveStatic's own `precompressed` reads
 * only bare tokens and leaves Vary off the uncompressed answer. Range and HEAD work as serveStatic's.
 */
function staticFiles(root: string, index?: string): MiddlewareHandler {
  const suffixes = Object.values(contentEncodings) as string[];
  const precompressed = new Set(
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => suffixes.some((suffix) => file.endsWith(suffix)))
      .map((file) => `/${file.replaceAll('\\', '/')}`),
  );
  const plain = serveStatic({ root, index });
  const variants = Object.fromEntries(
    Object.entries(contentEncodings).map(([encoding, suffix]) => [
      encoding,
      serveStatic({ root, index, rewriteRequestPath: (path) => path + suffix }),
    ]),
  ) as Record<ContentEncoding, MiddlewareHandler>;

  return async (c, next) => {
    const type = getMimeType(c.req.path);
    if (!isCompressible(type)) return plain(c, next);
    const accepted = negotiateEncoding(c.req.header('Accept-Encoding'));
    const encoding =
      accepted !== 'identity' && precompressed.has(c.req.path + contentEncodings[accepted]) ? accepted : null;
    const response = await (encoding ? variants[encoding] : plain)(c, next);
    // No response: not a file, and a later handler answered.
    if (!(response instanceof Response)) return response;
    addVary(response.headers, 'Accept-Encoding');
    if (encoding && type) {
      response.headers.set('Content-Type', type);
      response.headers.set('Content-Encoding', encoding);
    }
    return response;
  };
}

/**
 * Serves the built single-page app on the API's origin: fingerprinted assets cached for a year,
 * and index.html (with the deployment's configuration) for every other page path.
 */
export function serveClient(app: Hono<AppEnv>, env: Env, clientDir = 'dist/client'): void {
  const indexPath = join(clientDir, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`${indexPath} is missing: run \`npm run build\` first (\`npm start\` does both).`);
  }
  const indexHtml = readFileSync(indexPath, 'utf8').replace('<!--portal-config-->', portalConfigMeta(env));
  const chunks = clientChunks(readClientManifest(clientDir));

  /**
   * The page for a route and a language, compressed once: it preloads the route's chunks and the
   * language's catalogues, which the browser would otherwise find only after running the entry.
   * Keyed by route and language, not by path, so the cache holds at most routes × languages.
   */
  const pages = new Map<string, Promise<Record<ContentEncoding | 'identity', Uint8Array<ArrayBuffer>>>>();
  function pageVariants(route: ClientRoute | null, locale: Locale) {
    const key = `${route?.path ?? ''} ${locale}`;
    let variants = pages.get(key);
    if (!variants) {
      const files = new Set([...(route?.files ?? []), ...chunks.catalogueFiles(locale, route)]);
      const links = [...files].map((file) =>
        file.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="/${file}">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`,
      );
      const html = Buffer.from(
        indexHtml.replace('</head>', `${links.map((link) => `    ${link}\n`).join('')}  </head>`),
      );
      variants = Promise.all([compress(html, 'br', true), compress(html, 'gzip', true)]).then(([br, gzip]) => ({
        identity: html,
        br,
        gzip,
      }));
      pages.set(key, variants);
    }
    return variants;
  }

  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
    staticFiles(clientDir),
  );
  // A missing asset is a 404, never the page: a stale tab must not run HTML as a script.
  app.get('/assets/*', (c) => c.notFound());
  app.get('/', (c) => page(c));
  app.use('*', staticFiles(clientDir, ''));
  app.get('*', (c) => (c.req.path.startsWith('/api/') ? c.notFound() : page(c)));

  async function page(c: Context) {
    const locale = negotiateLocale(c.req.header('Accept-Language'));
    const variants = await pageVariants(chunks.routeFor(c.req.path), locale);
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding, Accept-Language');
    if (encoding !== 'identity') c.header('Content-Encoding', encoding);
    return c.body(variants[encoding]);
  }
}

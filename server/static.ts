import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { Env } from './env';
import type { AppEnv } from './http/middleware';
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
  };
  return `<meta name="portal-config" content="${escapeAttribute(JSON.stringify(config))}">`;
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

  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: clientDir }),
  );
  // A missing asset is a 404, never the page: a stale tab must not run HTML as a script.
  app.get('/assets/*', (c) => c.notFound());
  app.get('/', (c) => page(c));
  app.use('*', serveStatic({ root: clientDir, index: '' }));
  app.get('*', (c) => (c.req.path.startsWith('/api/') ? c.notFound() : page(c)));

  function page(c: Context) {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  }
}

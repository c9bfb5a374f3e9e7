import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../http/middleware';

/** Graphviz draws the diagrams in WebAssembly, which the portal's own policy does not allow. */
const explorerPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The flow explorer (tools/flow-explorer, built by `npm run flows:build` into dist/flow-explorer)
 * on /dev/flows outside production, for QA beside the running portal: `/dev/flows/signUp?state=…`
 * opens a machine at a state. A tool for developers and QA, in English only; never mounted in production.
 */
export function devFlowExplorerRoutes(explorerDir = 'dist/flow-explorer') {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', explorerPolicy);
  });
  const indexPath = join(explorerDir, 'index.html');
  if (!existsSync(indexPath))
    return app.get('*', (c) => c.text('The flow explorer is not built: run `npm run flows:build`.', 404));
  const page = readFileSync(indexPath, 'utf8');
  const files = serveStatic({ root: explorerDir, rewriteRequestPath: (path) => path.replace(/^\/dev\/flows/, '') });
  app.get('/assets/*', files, (c) => c.notFound());
  app.get('/states.html', files);
  // Any other address is the explorer's own or a machine's, which the explorer reads from the path. Its
  // files' addresses are relative to its folder, so the bare address gets its slash.
  app.get('*', (c) => (c.req.path === '/dev/flows' ? c.redirect('/dev/flows/', 301) : c.html(page)));
  return app;
}

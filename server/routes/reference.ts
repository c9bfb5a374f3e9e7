import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as calls from '../../contract/calls/index';
import type * as referenceCalls from '../../contract/calls/reference';
import { apiReferenceScript, openApiDocument as openApiDocumentCall } from '../../contract/calls/reference';
import type { Routes } from '../http/calls';
import { openApiDocument, openApiTitle } from '../http/openapi';
import type { AppServices } from '../services/index';

/**
 * The page's settings for Scalar's viewer. They travel at the end of the served script, not in an
 * inline script, so the page keeps the strict `script-src 'self'` of every other page. No default
 * fonts, no telemetry: the page asks nothing of any other origin (the CSP would refuse it anyway).
 */
const viewerSettings = {
  url: openApiDocumentCall.path,
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  // Scalar's AI chat and MCP offers talk to Scalar's servers: not from this page.
  agent: { disabled: true },
  mcp: { disabled: true },
};

/** Scalar's standalone viewer, from node_modules: its package exports no path to it, so it is found beside its entry. */
function standaloneViewerPath(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(entry), 'browser', 'standalone.js');
}

type Viewer = { script: string; version: string };

function buildViewer(): Viewer {
  const script = `${readFileSync(standaloneViewerPath(), 'utf8')}\n;Scalar.createApiReference('#app', ${JSON.stringify(viewerSettings)});\n`;
  return { script, version: createHash('sha256').update(script).digest('hex').slice(0, 16) };
}

function referencePage(viewer: Viewer): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${openApiTitle}</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${apiReferenceScript.path}?v=${viewer.version}"></script>
  </body>
</html>
`;
}

/** The handlers of the calls declared in contract/calls/reference.ts. */
export function referenceHandlers({ env }: AppServices): Routes<typeof referenceCalls> {
  // Built on first use, once per app: the declarations do not change while the process runs.
  let documentText: string | undefined;
  let viewer: Viewer | undefined;
  const document = () => {
    documentText ??= JSON.stringify(openApiDocument(calls, { publicOrigin: env.publicOrigin }));
    return documentText;
  };
  const theViewer = () => {
    viewer ??= buildViewer();
    return viewer;
  };
  return {
    openApiDocument: async (c) => {
      c.header('Content-Type', 'application/json; charset=utf-8');
      // The same for everyone until the next deployment.
      c.header('Cache-Control', 'public, max-age=300');
      return { status: 200, text: document() };
    },
    apiReferencePage: async (c) => {
      c.header('Content-Type', 'text/html; charset=utf-8');
      return { status: 200, text: referencePage(theViewer()) };
    },
    apiReferenceScript: async (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      // The page names the script by its content's hash (?v=), so a copy may be kept as long as it likes.
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      return { status: 200, text: theViewer().script };
    },
  };
}

/**
 * Prints, per route, the bytes a browser receives before the route renders: the entry with its
 * static imports, the route's chunks with theirs (server/client-manifest.ts), JavaScript and CSS,
 * and the English catalogues (public, the layout's, and the page's own where it has one), each as served,
 * brotli (the .br files the build writes). Fails when a route is over its budget in bundle-budget.json.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { clientChunks, readClientManifest } from '../server/client-manifest';

type Budget = { routes: Record<string, number>; default: number };

const clientDir = 'dist/client';
const chunks = clientChunks(readClientManifest(clientDir));
const budget: Budget = JSON.parse(readFileSync('bundle-budget.json', 'utf8'));

function brotliBytes(file: string): number {
  try {
    return statSync(join(clientDir, `${file}.br`)).size;
  } catch {
    throw new Error(`${file}.br is missing: \`npm run build\` writes it.`);
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = chunks.routes
  .map((route) => {
    const { path, files } = route;
    const loaded = new Set([...chunks.entryFiles, ...files, ...chunks.catalogueFiles('en', route)]);
    const bytes = [...loaded]
      .filter((file) => /\.(js|css)$/.test(file))
      .reduce((sum, file) => sum + brotliBytes(file), 0);
    const limit = budget.routes[path] ?? budget.default;
    return { path, bytes, limit, over: bytes > limit };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

const width = Math.max(...rows.map((row) => row.path.length), 5);
console.log(`${'route'.padEnd(width)}  ${'brotli'.padStart(10)}  ${'budget'.padStart(10)}`);
for (const row of rows) {
  console.log(
    `${row.path.padEnd(width)}  ${kb(row.bytes).padStart(10)}  ${kb(row.limit).padStart(10)}${row.over ? '  OVER BUDGET' : ''}`,
  );
}
const over = rows.filter((row) => row.over);
if (over.length > 0) {
  console.error(`\n${over.length} route(s) over budget: ${over.map((row) => row.path).join(', ')}`);
  process.exit(1);
}

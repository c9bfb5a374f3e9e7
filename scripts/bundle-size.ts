/**
 * Prints the gzip size of the JavaScript each route loads before it renders, from Vite's build
 * manifest, and fails when a route is over its budget in bundle-budget.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; src?: string };
type Manifest = Record<string, ManifestChunk>;
type Budget = { routes: Record<string, number>; default: number };

const clientDir = 'dist/client';
const manifest: Manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
const budget: Budget = JSON.parse(readFileSync('bundle-budget.json', 'utf8'));

const gzipBytes = new Map<string, number>();
function sizeOf(file: string): number {
  let bytes = gzipBytes.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
    gzipBytes.set(file, bytes);
  }
  return bytes;
}

/** The chunk and everything it imports statically: what must load before its code runs. */
function eagerClosure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) eagerClosure(imported, into);
  return into;
}

/** `src/routes/account/upgrade.tsx?tsr-split=component` → `/account/upgrade`. */
function routePathOf(key: string): string {
  const file = key
    .replace(/^src\/routes\//, '')
    .replace(/\?.*$/, '')
    .replace(/\.tsx?$/, '');
  const segments = file
    .split(/[/.]/)
    .filter((segment) => segment !== 'index' && segment !== '__root' && !segment.startsWith('_'))
    .map((segment) => (segment.startsWith('$') ? `{${segment.slice(1)}}` : segment));
  return `/${segments.join('/')}`;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the build manifest: run `npm run build` first.');
const entryFiles = eagerClosure(entryKey);

const filesByRoute = new Map<string, Set<string>>();
for (const key of Object.keys(manifest).filter((key) => key.startsWith('src/routes/'))) {
  const route = routePathOf(key);
  const files = filesByRoute.get(route) ?? new Set(entryFiles);
  eagerClosure(key, files);
  filesByRoute.set(route, files);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [...filesByRoute.entries()]
  .map(([route, files]) => {
    const bytes = [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + sizeOf(file), 0);
    const limit = budget.routes[route] ?? budget.default;
    return { route, bytes, limit, over: bytes > limit };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

const width = Math.max(...rows.map((row) => row.route.length), 5);
console.log(`${'route'.padEnd(width)}  ${'gzip JS'.padStart(10)}  ${'budget'.padStart(10)}`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(width)}  ${kb(row.bytes).padStart(10)}  ${kb(row.limit).padStart(10)}${row.over ? '  OVER BUDGET' : ''}`,
  );
}
const over = rows.filter((row) => row.over);
if (over.length > 0) {
  console.error(`\n${over.length} route(s) over budget: ${over.map((row) => row.route).join(', ')}`);
  process.exit(1);
}

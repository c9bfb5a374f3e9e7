/**
 * Prints the gzip size of the JavaScript each route loads before it renders, from Vite's build
 * manifest, and fails when a route is over its budget in bundle-budget.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
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
    .map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `{${segment.slice(1)}}` : segment));
  return `/${segments.join('/')}`;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the build manifest: run `npm run build` first.');
const entryFiles = eagerClosure(entryKey);

/** Manifest keys by their source file: a route file has a chunk per split part. */
const keysBySource = new Map<string, string[]>();
for (const key of Object.keys(manifest).filter((key) => key.startsWith('src/routes/'))) {
  const source = key.replace(/\?.*$/, '');
  keysBySource.set(source, [...(keysBySource.get(source) ?? []), key]);
}

/** `src/routes/_signUp/create.tsx` → its pathless layouts' files: `src/routes/_signUp.tsx`. */
function layoutFilesOf(source: string): string[] {
  const folders = source
    .replace(/^src\/routes\//, '')
    .split('/')
    .slice(0, -1);
  return folders
    .map((_, index) => folders.slice(0, index + 1))
    .filter((path) => path.at(-1)?.startsWith('_'))
    .map((path) => `src/routes/${path.join('/')}.tsx`);
}

const isLayout = (source: string) =>
  [...keysBySource.keys()].some((other) => other.startsWith(`${source.replace(/\.tsx?$/, '')}/`));

// Every page route, with what its layouts load too; a page whose component lives in its layout
// (the sign-up steps) has no chunk of its own but still loads the layout's.
const pageSources = readdirSync('src/routes', { recursive: true, encoding: 'utf8' })
  .map((file) => `src/routes/${file.replaceAll('\\', '/')}`)
  .filter((source) => /\.tsx?$/.test(source) && !source.endsWith('.gen.ts') && !isLayout(source));
const filesByRoute = new Map<string, Set<string>>();
for (const source of pageSources) {
  const route = routePathOf(source);
  const files = filesByRoute.get(route) ?? new Set(entryFiles);
  for (const file of [source, ...layoutFilesOf(source)])
    for (const key of keysBySource.get(file) ?? []) eagerClosure(key, files);
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

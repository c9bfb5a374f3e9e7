/**
 * What the browser loads before a page renders, read from Vite's build manifest and the file
 * routes of src/routes: the entry with its static imports, the chunks TanStack Router's automatic
 * code splitting made for the route (and for its layouts, pathless ones included), and a language's
 * catalogue. The server announces them in the page; `npm run size` weighs them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../contract/locales';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** One page route: its path as TanStack Router writes it (`/users/$email`) and the files it loads beyond the entry's. */
export type ClientRoute = {
  path: string;
  files: string[];
  /** The catalogues it loads beside the public one: its layout's (signed-in or visitor pages), then its own. */
  catalogues: LayoutCatalogue[];
};

/** The pathless layouts whose pages load a catalogue of their own (src/lib/i18n.ts, lingui.config.ts). */
const layoutCatalogues = { _signedIn: 'signed-in', _visitor: 'visitor' } as const;
/** Pages with a catalogue of their own, by route id, which no other page downloads. */
const pageCatalogues = { '_signedIn/reports': 'reports' } as const;
type LayoutCatalogue =
  | (typeof layoutCatalogues)[keyof typeof layoutCatalogues]
  | (typeof pageCatalogues)[keyof typeof pageCatalogues];

const cataloguesOf = (id: string[]): LayoutCatalogue[] =>
  [
    layoutCatalogues[id[0] as keyof typeof layoutCatalogues],
    pageCatalogues[id.join('/') as keyof typeof pageCatalogues],
  ].filter((catalogue) => catalogue !== undefined);

export type ClientChunks = {
  /** The entry chunk, its static imports and their CSS: index.html loads or preloads them already. */
  entryFiles: string[];
  routes: ClientRoute[];
  /** The route that renders a request path: the most specific match, else the catch-all, else null. */
  routeFor(pathname: string): ClientRoute | null;
  /**
   * A language's compiled catalogues with what they import, beyond the entry's files: the public
   * one, the page's layout's one and the page's own.
   */
  catalogueFiles(locale: Locale, route: Pick<ClientRoute, 'catalogues'> | null): string[];
};

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The route files (`login.tsx`, `_signUp/create.tsx`) under src/routes, which the manifest keys name. */
function routeFilesOf(routesDir = join(repositoryRoot, 'src/routes')): string[] {
  return readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.gen.ts'));
}

/** `_signedIn/account.index.tsx` → `['_signedIn', 'account', 'index']`: the route's id, one part per level. */
const routeIdOf = (file: string) => file.replace(/\.tsx?$/, '').split(/[/.]/);

/** Whether `ancestor`'s id is a proper prefix of `id`: it is a layout `id` renders in. */
const isAncestor = (ancestor: string[], id: string[]) =>
  ancestor.length < id.length && ancestor.every((part, index) => part === id[index]);

type Segment = { kind: 'static'; name: string } | { kind: 'param' } | { kind: 'splat' };

/** The URL segments of a route id: index routes and pathless layouts (`_signUp`) add none. */
function segmentsOf(id: string[]): Segment[] {
  return id
    .filter((part) => part !== 'index' && !part.startsWith('_'))
    .map((part): Segment => {
      if (part === '$') return { kind: 'splat' };
      if (part.startsWith('$')) return { kind: 'param' };
      return { kind: 'static', name: part.toLowerCase() };
    });
}

const pathOf = (id: string[]) => `/${id.filter((part) => part !== 'index' && !part.startsWith('_')).join('/')}`;

function matches(segments: Segment[], requested: string[]): boolean {
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === 'splat') return true;
    const part = requested[index];
    if (part === undefined || (segment.kind === 'static' && segment.name !== part.toLowerCase())) return false;
  }
  return segments.length === requested.length;
}

/** The router's order: more static segments first, then a route without a splat, then more parameters. */
function bySpecificity(a: Segment[], b: Segment[]): number {
  const count = (segments: Segment[], kind: Segment['kind']) =>
    segments.filter((segment) => segment.kind === kind).length;
  return (
    count(b, 'static') - count(a, 'static') ||
    count(a, 'splat') - count(b, 'splat') ||
    count(b, 'param') - count(a, 'param')
  );
}

export function readClientManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
}

export function clientChunks(manifest: Manifest, routeFiles: string[] = routeFilesOf()): ClientChunks {
  /** The chunk and everything it imports statically, with their CSS: what must load before its code runs. */
  function eagerClosure(key: string, into = new Set<string>()): Set<string> {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) eagerClosure(imported, into);
    return into;
  }

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('No entry chunk in the build manifest: run `npm run build` first.');
  const entryFiles = eagerClosure(entryKey);
  const beyondEntry = (files: Set<string>) => [...files].filter((file) => !entryFiles.has(file));

  /** Manifest keys by route file: a route file has a chunk per split part (`login.tsx?tsr-split=component`). */
  const keysByFile = new Map<string, string[]>();
  for (const key of Object.keys(manifest).filter((key) => key.startsWith('src/routes/'))) {
    const file = key.replace(/^src\/routes\//, '').replace(/\?.*$/, '');
    keysByFile.set(file, [...(keysByFile.get(file) ?? []), key]);
  }

  // Every page route loads its own chunks and its layouts'; a page whose component lives in its
  // layout (the sign-up steps) has no chunk of its own but still loads the layout's. The root
  // route is not split: it is in the entry.
  const ids = routeFiles.map((file) => ({ file, id: routeIdOf(file) })).filter(({ id }) => id[0] !== '__root');
  const pages = ids.filter(({ id }) => !ids.some((other) => isAncestor(id, other.id)));
  const routes = pages.map(({ file, id }) => {
    const files = new Set<string>();
    for (const { file: layout } of ids.filter((other) => isAncestor(other.id, id)))
      for (const key of keysByFile.get(layout) ?? []) eagerClosure(key, files);
    for (const key of keysByFile.get(file) ?? []) eagerClosure(key, files);
    return { path: pathOf(id), segments: segmentsOf(id), files: beyondEntry(files), catalogues: cataloguesOf(id) };
  });

  return {
    entryFiles: [...entryFiles],
    routes,
    routeFor(pathname) {
      const requested = pathname.split('/').filter(Boolean);
      const candidates = routes.filter((route) => matches(route.segments, requested));
      return candidates.sort((a, b) => bySpecificity(a.segments, b.segments))[0] ?? null;
    },
    catalogueFiles(locale, route) {
      const files = eagerClosure(`locales/${locale}/messages.po`);
      for (const catalogue of route?.catalogues ?? []) eagerClosure(`locales/${locale}/${catalogue}.po`, files);
      return beyondEntry(files);
    },
  };
}

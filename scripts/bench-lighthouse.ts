/**
 * `npm run bench:lighthouse`: Lighthouse scores of the built portal. Builds the client when dist/client
 * is missing, starts the portal as a child process on a free loopback port over an in-memory database,
 * and audits the sign-in, sign-up and forgot-password pages and, signed in as a demo account, the
 * dashboard, with Lighthouse's default mobile profile (simulated throttling) in Debian's Chromium.
 * Each page runs LH_RUNS times (default 3), each in a fresh browser profile; the run with the median
 * performance score is reported, with the audits that cost it points. Low scores do not fail it.
 * Options: LH_RUNS, LH_JSON (a path: the median runs as JSON), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { freePort, signInDemoOwner } from './support/portal-client';

const runs = Number(process.env.LH_RUNS ?? 3);
const jsonPath = process.env.LH_JSON;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const categories = ['performance', 'accessibility', 'best-practices'] as const;
const pages = [
  { route: '/login', signedIn: false },
  { route: '/create', signedIn: false },
  { route: '/password/forgot', signedIn: false },
  { route: '/account', signedIn: true },
];
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LH_RUNS must be a positive integer, not ${runs}`);
let lighthouseVersion = '';

const started = performance.now();
if (!existsSync('dist/client/index.html')) {
  console.log('dist/client is missing: building the client…');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// Node with tsx's loader rather than the tsx CLI: the child is then the server itself, so a signal reaches it.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    // Sign-in checks the Origin header against it; development creates the demo accounts.
    PUBLIC_ORIGIN: origin,
    APP_ENV: 'development',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// A crash or Ctrl-C (chrome-launcher exits on SIGINT) must not leave the portal running.
process.on('exit', () => server.kill('SIGKILL'));

type Median = {
  route: string;
  finalUrl: string;
  performanceRuns: number[];
  scores: Record<(typeof categories)[number], number>;
  metrics: { lcpMs: number; fcpMs: number; tbtMs: number; cls: number; speedIndexMs: number; transferBytes: number };
  failingAudits: {
    category: string;
    id: string;
    title: string;
    displayValue?: string;
    score: number;
    weight: number;
  }[];
  erroredAudits: { id: string; message: string }[];
};

try {
  await waitForHealth(server);
  const cookie = await signInDemoOwner(origin);
  const medians: Median[] = [];
  for (const page of pages) {
    const results: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      const lhr = await audit(`${origin}${page.route}`, page.signedIn ? cookie : undefined);
      console.log(`${page.route} run ${run}/${runs}: performance ${score(lhr, 'performance')}`);
      results.push(lhr);
    }
    medians.push(summarize(page.route, results));
  }
  printReport(medians);
  if (jsonPath) {
    writeFileSync(jsonPath, `${JSON.stringify({ lighthouse: lighthouseVersion, runs, medians }, null, 2)}\n`);
    console.log(`\nmedians written to ${jsonPath}`);
  }
  console.log(`\n${pages.length} pages × ${runs} runs in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await stop(server);
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`the portal exited (${child.exitCode ?? child.signalCode})`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${origin}/api/health did not answer within 60 s`);
}

/** Lighthouse asks for another try when its trace of the load fails (NO_NAVSTART, seen once here): it gets one. */
async function audit(url: string, cookie: string | undefined): Promise<Result> {
  let lhr = await lighthouseRun(url, cookie);
  if (lhr.runtimeError) {
    console.warn(`${url}: ${lhr.runtimeError.code}, running it once more`);
    lhr = await lighthouseRun(url, cookie);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // A guard that redirects (to /login without a session) would measure the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the page under test was not shown`);
  }
  lighthouseVersion = lhr.lighthouseVersion;
  return lhr;
}

/** One Lighthouse run in its own Chromium: chrome-launcher gives each launch a new temporary profile. */
async function lighthouseRun(url: string, cookie: string | undefined): Promise<Result> {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    const runner = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!runner) throw new Error(`Lighthouse returned no result for ${url}`);
    return runner.lhr;
  } finally {
    // Waiting for the exit keeps a dying browser from competing with the next run for the CPU.
    const exited = hasExited(chrome.process)
      ? undefined
      : new Promise((resolve) => chrome.process.once('exit', resolve));
    chrome.kill();
    await exited;
  }
}

function score(lhr: Result, category: (typeof categories)[number]): number {
  const value = lhr.categories[category]?.score;
  if (value === null || value === undefined) throw new Error(`${lhr.requestedUrl}: no ${category} score`);
  return Math.round(value * 100);
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function summarize(route: string, results: Result[]): Median {
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const lhr = sorted[Math.floor((sorted.length - 1) / 2)] as Result;
  const failingAudits: Median['failingAudits'] = [];
  const erroredAudits: Median['erroredAudits'] = [];
  for (const category of categories) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (result?.scoreDisplayMode === 'error') erroredAudits.push({ id: ref.id, message: result.errorMessage ?? '' });
      // Informative, manual and not-applicable audits have no score and cost nothing.
      if (!result || result.score === null || result.score >= 1) continue;
      failingAudits.push({
        category,
        id: ref.id,
        title: result.title,
        ...(result.displayValue ? { displayValue: result.displayValue } : {}),
        score: result.score,
        weight: ref.weight,
      });
    }
  }
  failingAudits.sort((a, b) => b.weight - a.weight || a.score - b.score);
  return {
    route,
    finalUrl: lhr.finalDisplayedUrl,
    performanceRuns: results.map((run) => score(run, 'performance')),
    scores: {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      'best-practices': score(lhr, 'best-practices'),
    },
    metrics: {
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      speedIndexMs: numeric(lhr, 'speed-index'),
      transferBytes: numeric(lhr, 'total-byte-weight'),
    },
    failingAudits,
    erroredAudits,
  };
}

function printReport(medians: Median[]): void {
  const header = [
    'route',
    'performance',
    'accessibility',
    'best practices',
    'LCP s',
    'FCP s',
    'TBT ms',
    'CLS',
    'transfer KB',
    'performance of each run',
  ];
  const rows = medians.map((median) => [
    median.route,
    String(median.scores.performance),
    String(median.scores.accessibility),
    String(median.scores['best-practices']),
    (median.metrics.lcpMs / 1000).toFixed(2),
    (median.metrics.fcpMs / 1000).toFixed(2),
    median.metrics.tbtMs.toFixed(0),
    median.metrics.cls.toFixed(3),
    (median.metrics.transferBytes / 1024).toFixed(0),
    median.performanceRuns.join(' '),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile, simulated throttling, median of ${runs} run(s) by performance, Node ${process.version}\n`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const median of medians) {
    console.log(`\n${median.route}: audits below full score (category, weight)`);
    for (const failing of median.failingAudits) {
      const value = failing.displayValue ? ` — ${failing.displayValue}` : '';
      console.log(`  ${failing.category} ${failing.weight}  ${failing.id}: ${failing.title}${value}`);
    }
  }
  // An audit Lighthouse could not compute scores nothing, so the lists above would not show it.
  const errored = new Map(medians.flatMap((median) => median.erroredAudits.map((audit) => [audit.id, audit.message])));
  if (errored.size > 0) console.log('\naudits Lighthouse could not compute:');
  for (const [id, message] of errored) console.log(`  ${id}: ${message}`);
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stop(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  // The portal closes its database on SIGTERM; it gets a few seconds before it is killed.
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * `npm run screenshots -- <folder>`: full-page screenshots of the portal's main screens, to compare a
 * change's before and after. Starts the built portal on a free loopback port over an in-memory
 * database (building the client when dist/client is missing), signs in as demo accounts in Debian's
 * Chromium, and writes `<folder>/<variant>/<screen>.png` for the variants light, dark, miri (the
 * partner theme, by its host name) and Arabic (right to left), and phone (390 px wide, light).
 * Options: SCREENS (comma-separated screen names, default all), CHROMIUM_PATH.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import { demoAccounts, demoPassword } from '../server/db/seed-demo';
import { freePort } from './support/portal-client';

const outDir: string = process.argv[2] ?? '';
if (!outDir) throw new Error('usage: npm run screenshots -- <folder>');

type Screen = { name: string; route: string; account?: string; ready: (page: Page) => Promise<unknown> };
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();
const screens: Screen[] = [
  { name: 'login', route: '/login', ready: heading },
  { name: 'create', route: '/create', ready: heading },
  { name: 'forgot-password', route: '/password/forgot', ready: heading },
  { name: 'account-team-owner', route: '/account', account: demoAccounts.teamOwner, ready: heading },
  { name: 'account-individual', route: '/account', account: demoAccounts.individual, ready: heading },
  { name: 'account-dedicated', route: '/account', account: demoAccounts.dedicatedOwner, ready: heading },
  {
    name: 'subscription-portal',
    route: '/subscription?referenceId=demo-teams-yearly',
    account: demoAccounts.teamOwner,
    ready: heading,
  },
  { name: 'billing', route: '/billing?referenceId=demo-teams-yearly', account: demoAccounts.teamOwner, ready: heading },
  { name: 'upgrade', route: '/upgrade?referenceId=demo-teams-yearly', account: demoAccounts.teamOwner, ready: heading },
  { name: 'reports', route: '/reports', account: demoAccounts.teamOwner, ready: heading },
  { name: 'routers', route: '/routers', account: demoAccounts.individual, ready: heading },
  { name: 'activate', route: '/activate', account: demoAccounts.teamUser, ready: heading },
  { name: 'phone-input', route: '/phone-number-input', account: demoAccounts.phoneOwner, ready: heading },
];
const only = process.env.SCREENS?.split(',');

type Variant = { name: string; host: string; context: BrowserContextOptions };
const variants: Variant[] = [
  { name: 'light', host: 'localhost', context: { colorScheme: 'light' } },
  { name: 'dark', host: 'localhost', context: { colorScheme: 'dark' } },
  { name: 'miri', host: 'miri.localhost', context: { colorScheme: 'light' } },
  { name: 'arabic', host: 'localhost', context: { colorScheme: 'light', locale: 'ar' } },
  { name: 'phone', host: 'localhost', context: { colorScheme: 'light', viewport: { width: 390, height: 844 } } },
];

if (!existsSync('dist/client/index.html')) {
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
}
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    APP_ENV: 'development',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('exit', () => server.kill('SIGKILL'));
await waitForHealth(`http://localhost:${port}/api/health`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP miri.localhost 127.0.0.1'],
});
try {
  for (const variant of variants) {
    mkdirSync(join(outDir, variant.name), { recursive: true });
    for (const screen of screens.filter((candidate) => !only || only.includes(candidate.name))) {
      await shoot(browser, variant, screen);
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

async function shoot(browser: Browser, variant: Variant, screen: Screen): Promise<void> {
  const context = await browser.newContext({ ...variant.context, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const origin = `http://${variant.host}:${port}`;
  try {
    if (screen.account) {
      await page.goto(`${origin}/login`);
      await page.locator('input[type=email]').fill(screen.account);
      await page.locator('input[type=password]').fill(demoPassword);
      await page.locator('form button[type=submit]').first().click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    }
    await page.goto(`${origin}${screen.route}`);
    await screen.ready(page);
    // The sign-in page keeps a QR sign-in wait open, so the network is never idle there.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    await page.screenshot({ path: join(outDir, variant.name, `${screen.name}.png`), fullPage: true });
    console.log(`${variant.name}/${screen.name}.png`);
  } catch (error) {
    console.error(`${variant.name}/${screen.name}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the portal did not answer at ${url}`);
}

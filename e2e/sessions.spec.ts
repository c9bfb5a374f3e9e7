import type { Browser, Page } from '@playwright/test';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';
import { expect, test } from './support/visitor';

/**
 * "Your sessions" with real browsers: one person signed in from several, each a browser context of
 * its own with its own user agent and address. Only these tests sign in as the traveller demo
 * account, one test at a time, since signing out "every other session" would end a parallel test's.
 */
test.describe.configure({ mode: 'serial' });

const traveller = demoAccounts.traveller;

/** Other devices of the traveller: how the list names them, and what they tell the portal. */
const iphone = {
  label: 'Safari on iOS',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  address: '198.51.100.23',
};
const android = {
  label: 'Firefox on Android',
  userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  address: '203.0.113.80',
};

const sessionsSection = (page: Page) => page.getByRole('region', { name: 'Your sessions' });

/**
 * The sessions section, read afresh: the dashboard was loaded before the other browsers signed in,
 * and going to its #sessions is no new page load.
 */
async function openSessions(page: Page): Promise<void> {
  await page.goto('/account#sessions');
  await page.reload();
}

/** Signs the traveller in on the page, and signs out the sessions earlier tests left. */
async function signInHere(page: Page, baseURL: string | undefined): Promise<void> {
  await page.goto('/login');
  await signIn(page, traveller, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const cleared = await page.request.delete('/api/account/sessions/others', { headers: { origin: baseURL ?? '' } });
  expect(cleared.status()).toBe(200);
}

/** Another browser of the traveller, signed in and on the dashboard. */
async function signInElsewhere(browser: Browser, device: typeof iphone): Promise<Page> {
  const context = await browser.newContext({
    // In English whatever the test's language: this browser signs in by the English labels.
    locale: 'en-US',
    userAgent: device.userAgent,
    extraHTTPHeaders: { 'x-forwarded-for': device.address },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, traveller, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  return page;
}

/** The next navigation of a signed-out browser, by a link of the page as a person would, ends on sign-in. */
async function expectSentToSignIn(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Routers' }).first().click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.context().close();
}

test.describe('light mode', () => {
  test.use({ colorScheme: 'light' });

  test('lists both sessions, the current one marked, and signs the other out at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInHere(page, baseURL);
    const phone = await signInElsewhere(browser, iphone);

    await openSessions(page);
    const section = sessionsSection(page);
    await expect(section.getByRole('article')).toHaveCount(2);
    const current = section.getByRole('article').first();
    await expect(current).toContainText('This session');
    await expect(current.getByRole('button')).toHaveCount(0);
    const other = section.getByRole('article', { name: iphone.label });
    await expect(other).toContainText('E-mail and password');
    await expect(other).toContainText('Network 198.51.100.0/24');
    await expect(other).toContainText('Active now');
    await expectNoAxeViolations(page);

    await other.getByRole('button', { name: `Sign out ${iphone.label}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Sign out ${iphone.label}?` });
    await expect(dialog.getByRole('button', { name: 'Sign out session' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sign out session' }).click();
    await expect(section.getByRole('status')).toHaveText(`${iphone.label} was signed out.`);
    await expect(section.getByRole('article')).toHaveCount(1);
    await expect(section.getByText('You are not signed in anywhere else.')).toBeVisible();

    await expectSentToSignIn(phone);
  });
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('signs out every other session and keeps this one', async ({ page, browser, baseURL }) => {
    await signInHere(page, baseURL);
    const phone = await signInElsewhere(browser, iphone);
    const tablet = await signInElsewhere(browser, android);

    await openSessions(page);
    const section = sessionsSection(page);
    await expect(section.getByRole('article')).toHaveCount(3);
    await expect(section.getByRole('article', { name: android.label })).toContainText('Network 203.0.113.0/24');
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: 'Sign out every other session' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out every other session?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(section.getByRole('status')).toHaveText('2 other sessions were signed out.');
    await expect(section.getByRole('article')).toHaveCount(1);
    await expect(section.getByRole('article').first()).toContainText('This session');

    await expectSentToSignIn(phone);
    await expectSentToSignIn(tablet);
    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  });
});

test('with the keyboard alone: the account menu leads to the sessions, and a session is signed out', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInHere(page, baseURL);
  const phone = await signInElsewhere(browser, iphone);
  await page.reload();

  const accountMenu = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await accountMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Your sessions' })).toBeVisible();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const signOutPhone = sessionsSection(page).getByRole('button', { name: `Sign out ${iphone.label}` });
  await expect(signOutPhone).toBeFocused();

  // Escape keeps the session.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'Sign out session' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(sessionsSection(page).getByRole('article')).toHaveCount(2);

  await signOutPhone.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Sign out session' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sessionsSection(page).getByRole('status')).toHaveText(`${iphone.label} was signed out.`);
  // Its button has left the list: the focus is on what was done, not lost. (Asked of the document:
  // the other browser of this test may hold the window focus, which toBeFocused also demands.)
  const notice = sessionsSection(page).getByRole('status');
  await expect.poll(() => notice.evaluate((element) => element === document.activeElement)).toBe(true);
  await expectSentToSignIn(phone);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the sessions read right to left', async ({ page, browser, baseURL }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(traveller);
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account$/);
    const cleared = await page.request.delete('/api/account/sessions/others', { headers: { origin: baseURL ?? '' } });
    expect(cleared.status()).toBe(200);
    const phone = await signInElsewhere(browser, iphone);

    await openSessions(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const section = page.locator('#sessions');
    await expect(section.getByRole('article')).toHaveCount(2);
    await expect(section).toHaveCSS('direction', 'rtl');
    await expectNoAxeViolations(page);
    await phone.context().close();
  });
});

import type { Page } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';
import { expect, test } from './support/visitor';

const pitch = 'More stable and secure live streaming, video calls, gaming and web browsing.';

async function expectWelcomeForVisitor(page: Page): Promise<void> {
  await expect(page).toHaveTitle(/^Welcome \| /);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  await expect(page.getByText(pitch)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('a visitor reads the pitch and finds the ways in, keeping utm_ parameters', async ({ page }) => {
      await page.goto('/welcome?utm_source=app&utm_campaign=launch&screen=1');
      await expectWelcomeForVisitor(page);
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/login?utm_source=app&utm_campaign=launch',
      );
      await expect(page.getByRole('region', { name: 'Get the apps' }).getByRole('link')).toHaveCount(6);
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL(/\/create\?utm_source=app&utm_campaign=launch$/);
    });
  });
}

test('the partner theme: the welcome page in miri’s colours and mark', async ({ page, baseURL }) => {
  const partnerOrigin = (baseURL ?? '').replace('localhost', 'miri.localhost');
  await page.goto(`${partnerOrigin}/welcome`);
  await expect(page.locator('html')).toHaveClass(/\bmiri\b/);
  await expectWelcomeForVisitor(page);
  await expect(page.getByRole('img', { name: /miri/i }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('with the keyboard alone: from the welcome page to sign-in', async ({ page }) => {
  await page.goto('/welcome?utm_medium=desktop-app');
  await expectWelcomeForVisitor(page);
  const signInLink = page.getByRole('link', { name: 'Sign in' });
  await tabTo(page, signInLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?utm_medium=desktop-app$/);
  await expect(page.getByLabel('E-Mail')).toBeVisible();
});

test('someone signed in is offered their account instead of signing in', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.individual, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  await page.goto('/welcome');
  const start = page.getByRole('region', { name: 'You are signed in' });
  await expect(start).toContainText(demoAccounts.individual);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await start.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the welcome page reads right to left', async ({ page }) => {
    await page.goto('/welcome');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).toHaveCSS('direction', 'rtl');
    // The ways in and the apps are there, whatever the words.
    await expect(main.locator('a[href^="/login"], a[href^="/create"]')).toHaveCount(2);
    await expect(main.locator('a[href^="https://bondline.example/apps/"]')).toHaveCount(5);
    await expectNoAxeViolations(page);
  });
});

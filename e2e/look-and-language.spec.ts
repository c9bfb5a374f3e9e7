import { expect, test } from '@playwright/test';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the sign-in screen and the dashboard pass axe-core', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expectNoAxeViolations(page);

      await signIn(page, demoAccounts.teamOwner, demoPassword);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('Arabic', () => {
  test.use({ locale: 'ar' });

  test('renders right to left in Arabic', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test('the partner theme follows the host name and swaps the icons', async ({ page, baseURL }) => {
  const partnerOrigin = (baseURL ?? '').replace('localhost', 'miri.localhost');
  await page.goto(`${partnerOrigin}/login`);
  await expect(page.locator('html')).toHaveClass(/\bmiri\b/);
  await expect(page.getByRole('img', { name: /miri/i }).first()).toBeVisible();

  await page.goto('/login');
  await expect(page.locator('html')).not.toHaveClass(/\bmiri\b/);
});

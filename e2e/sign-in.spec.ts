import { expect, test } from '@playwright/test';
import { demoAccounts, demoPassword, signIn, signOut } from './support/portal';

test('a person signs in, sees the dashboard and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?/);
  await signIn(page, demoAccounts.individual, demoPassword);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  // In the page's own header: "Linked sign-ins" lists the address too once a provider is linked
  // (the federated sign-in spec links the individual's Google sign-in).
  await expect(page.getByRole('main').locator('header').getByText(demoAccounts.individual)).toBeVisible();

  await signOut(page);
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount/);
});

test('wrong credentials give one neutral message that reveals nothing', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.individual, 'not-the-password');
  const wrongPassword = await page.getByRole('alert').textContent();

  await page.goto('/login');
  await signIn(page, 'nobody-here@example.com', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(wrongPassword ?? '');
  expect(wrongPassword).toBeTruthy();
  await expect(page).toHaveURL(/\/login/);
});

test('signing in works by keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail').focus();
  await page.keyboard.type(demoAccounts.teamOwner);
  await page.keyboard.press('Tab');
  await page.keyboard.type(demoPassword);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { demoAccounts, demoPassword, signIn } from './support/portal';

test('a guarded page sends a stranger to sign in, keeping utm_ parameters and the way back', async ({ page }) => {
  await page.goto('/activate?utm_source=newsletter&utm_campaign=winter&other=1');
  await page.waitForURL(/\/login\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('utm_source')).toBe('newsletter');
  expect(url.searchParams.get('utm_campaign')).toBe('winter');
  expect(url.searchParams.get('other')).toBeNull();
  expect(url.searchParams.get('redirect')).toBe('/activate?utm_source=newsletter&utm_campaign=winter&other=1');

  await signIn(page, demoAccounts.individual, demoPassword);
  await expect(page).toHaveURL(/\/activate\?utm_source=newsletter/);
  await expect(page).toHaveTitle(/^Device Activation \| /);
});

test('an unknown path leads to the dashboard, the legacy reset link to the reset page', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.individual, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/password-set?token=abc123');
  await expect(page).toHaveURL(/\/password\/reset\/abc123$/);
});

test('owner-only pages send a team member who is not the owner back to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.teamUser, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/account$/);
});

test('the /users/{email} shortcut asks someone else to sign in with a login hint', async ({ page }) => {
  await page.goto(`/users/${encodeURIComponent(demoAccounts.teamOwner)}`);
  await page.waitForURL(/\/login\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('login_hint')).toBe(demoAccounts.teamOwner);
  await expect(page.getByLabel('E-Mail')).toHaveValue(demoAccounts.teamOwner);
});

import { expect, type Page, test } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { codeIn, freshAddress, linkIn, waitForMail } from './support/mailbox';
import { expectNoAxeViolations } from './support/portal';
import { codeCountdown, expectBotCheckSolved, newAccountPassword, solveBotCheck } from './support/sign-up';

/** Every sign-up screen, with axe-core on each: /create, /verify-email, /finalize, "Account verified". */
async function signUpCheckingEveryScreen(page: Page, email: string, baseURL: string | undefined) {
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Repeat e-mail').fill(email);
  await solveBotCheck(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
  await expect(page.getByText(codeCountdown)).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForMail(email);
  expect(mail.subject).toContain('Bondline');
  expect(mail.text).toContain('Bondline');
  const link = linkIn(mail, '/verify-email');
  expect(link.origin).toBe(baseURL);
  expect(link.searchParams.get('email')).toBe(email);

  await page.getByLabel('Verification code').fill(codeIn(mail));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/finalize$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a password' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Password', { exact: true }).fill(newAccountPassword);
  await page.getByLabel('Repeat password').fill(newAccountPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account verified' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Account Created' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the app' })).toHaveAttribute(
    'href',
    `/login?login_hint=${encodeURIComponent(email)}`,
  );
  await expectNoAxeViolations(page);
}

test('a person signs up with the code from the mail, goes back to the app and signs in', async ({ page, baseURL }) => {
  const email = freshAddress('sign-up');
  await signUpCheckingEveryScreen(page, email, baseURL);

  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(page).toHaveURL(/\/login\?login_hint=/);
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(newAccountPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('every sign-up screen passes axe-core', async ({ page, baseURL }) => {
    await page.goto('/create');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await signUpCheckingEveryScreen(page, freshAddress('sign-up-dark'), baseURL);
  });
});

test('signing up works by keyboard alone', async ({ page }) => {
  const email = freshAddress('keyboard');
  await page.goto('/create');
  const bot = page.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(bot).toBeVisible();

  await tabTo(page, page.getByLabel('E-Mail', { exact: true }));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Repeat e-mail')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(bot).toBeFocused();
  await page.keyboard.press('Space');
  await expectBotCheckSolved(page);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
  const code = codeIn(await waitForMail(email));
  await tabTo(page, page.getByLabel('Verification code'));
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Choose a password' })).toBeVisible();
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(newAccountPassword);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Repeat password')).toBeFocused();
  await page.keyboard.type(newAccountPassword);
  await page.keyboard.press('Enter');

  const verified = page.getByRole('heading', { level: 1, name: 'Account verified' });
  await expect(verified).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Back to the app' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);
});

test.describe('Arabic', () => {
  test.use({ locale: 'ar' });

  test('the sign-up form is laid out right to left', async ({ page }) => {
    await page.goto('/create');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const form = page.locator('form');
    await expect(form).toBeVisible();
    await expect(form).toHaveCSS('direction', 'rtl');
    // Addresses stay left to right inside the right-to-left form.
    await expect(page.locator('input[name="email"]')).toHaveAttribute('dir', 'ltr');
    await expectNoAxeViolations(page);
  });
});

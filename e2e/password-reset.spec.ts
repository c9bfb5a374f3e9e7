import { expect, type Page, test } from '@playwright/test';
import { freshAddress, linkIn, mailsTo, waitForMail } from './support/mailbox';
import { demoAccounts, expectNoAxeViolations, signIn } from './support/portal';
import { signUpThroughTheUi } from './support/sign-up';

const resetRequested =
  'If this address is on record, a link to reset your password is on its way and should arrive within minutes.';

async function requestResetLink(page: Page, email: string, { checkAxe = false } = {}) {
  await page.goto('/password/forgot');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  if (checkAxe) await expectNoAxeViolations(page);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(resetRequested)).toBeVisible();
  if (checkAxe) await expectNoAxeViolations(page);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('a forgotten password is reset from the link in the mail, once; every screen passes axe-core', async ({
      page,
      baseURL,
    }) => {
      const email = await signUpThroughTheUi(page, `reset-${colorScheme}`);
      const stranger = freshAddress(`no-account-${colorScheme}`);
      const newPassword = `reset-${colorScheme}-password-2`;

      // The same answer for an address without an account…
      await requestResetLink(page, stranger, { checkAxe: true });
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // …and for one with an account, which (alone) gets a mail.
      await requestResetLink(page, email);
      // The first mail was the sign-up code.
      const mail = await waitForMail(email, { count: 2 });
      expect(mail.subject).toContain('Bondline');
      const link = linkIn(mail, '/password/reset/');
      expect(link.origin).toBe(baseURL);
      // The stranger's request was answered first: its mail would have been sent by now.
      expect(await mailsTo(stranger)).toEqual([]);

      await page.goto(link.pathname);
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Repeat new password').fill(newPassword);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('Password Changed').first()).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
      await signIn(page, email, newPassword);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

      // A used link is spent.
      await page.goto(link.pathname);
      await expect(page.getByText('Password reset link is invalid. Please request a new one.')).toBeVisible();
      const again = page.getByRole('link', { name: 'Request a new reset link' });
      await expect(again).toHaveAttribute('href', '/password/forgot');
      await expectNoAxeViolations(page);
      await again.click();
      await expect(page).toHaveURL(/\/password\/forgot$/);
    });
  });
}

test('the legacy /password-set link opens the reset screen with its fresh token', async ({ page }) => {
  // No other spec uses this demo account, and the password is never changed here.
  const email = demoAccounts.familiesOwner;
  const before = (await mailsTo(email)).length;
  await requestResetLink(page, email);
  const token = linkIn(await waitForMail(email, { count: before + 1 }), '/password/reset/')
    .pathname.split('/')
    .pop();
  expect(token).toBeTruthy();

  await page.goto(`/password-set?token=${token}`);
  await expect(page).toHaveURL(new RegExp(`/password/reset/${token}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set new password' })).toBeEnabled();
});

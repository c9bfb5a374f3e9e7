import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, signOut } from './support/portal';
import { newAccountPassword, signUpThroughTheUi } from './support/sign-up';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the password is changed on the dashboard, only with the right current password', async ({ page }) => {
      // A fresh account: the demo accounts' passwords stay as the other specs expect them.
      const email = await signUpThroughTheUi(page, `change-${colorScheme}`);
      const newPassword = `changed-${colorScheme}-password-3`;
      await page.goto('/login');
      await signIn(page, email, newAccountPassword);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      const card = page.getByRole('region', { name: 'Change password' });
      await expect(card).toBeVisible();
      await expectNoAxeViolations(page);

      await card.getByLabel('Current password').fill('not-my-password');
      await card.getByLabel('New password', { exact: true }).fill(newPassword);
      await card.getByLabel('Repeat new password').fill(newPassword);
      await card.getByRole('button', { name: 'Change password' }).click();
      await expect(card.getByText('Current password is incorrect. Not changing password.')).toBeVisible();
      await expectNoAxeViolations(page);

      await card.getByLabel('Current password').fill(newAccountPassword);
      await card.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Password Changed' })).toBeVisible();
      await expect(card.getByText('Current password is incorrect. Not changing password.')).toHaveCount(0);

      await signOut(page);
      await expect(page).toHaveURL(/\/login/);
      await signIn(page, email, newPassword);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    });
  });
}

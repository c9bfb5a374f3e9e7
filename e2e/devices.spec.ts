import type { Page } from '@playwright/test';
import { activationStateOf, requestActivationCode, waitForActivation } from '../scripts/support/device-client';
import { freshReferenceId, purchase } from './support/billing';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';
import { newAccountPassword, signUpThroughTheUi } from './support/sign-up';
import { expect, test } from './support/visitor';

/** A new account with a monthly personal plan, signed in on its dashboard. */
async function personWithPlan(page: Page, label: string): Promise<{ email: string; referenceId: string }> {
  const email = await signUpThroughTheUi(page, label);
  const referenceId = freshReferenceId(label);
  await purchase(page.request, { referenceId, accountEmail: email, planCode: 'personal-monthly' });
  await page.goto('/login');
  await signIn(page, email, newAccountPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  return { email, referenceId };
}

/** The device's side: the calls `npm run device:play` makes, against the portal under test. */
async function deviceAsksForCode(page: Page, deviceName: string) {
  const portalUrl = new URL(page.url()).origin;
  const issued = await requestActivationCode(portalUrl, { platform: 'linux', deviceName });
  return { portalUrl, issued };
}

async function activate(page: Page, code: string): Promise<void> {
  await page.getByLabel('Activation code').fill(code);
  await page.getByRole('button', { name: 'Link device' }).click();
}

const devicesSection = (page: Page) => page.getByRole('region', { name: 'Your devices' });

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('a device shows a code, the person links it on /activate, and the device sees it linked', async ({ page }) => {
      await personWithPlan(page, `activate-${colorScheme}`);
      const { portalUrl, issued } = await deviceAsksForCode(page, `Studio PC ${colorScheme}`);

      await page.goto('/activate');
      await expect(page).toHaveTitle(/^Device Activation \| /);
      await expect(page.getByRole('heading', { level: 1, name: 'Device Activation' })).toBeVisible();
      await expectNoAxeViolations(page);

      await activate(page, '12345');
      await expect(page.getByText('This activation code is not valid.', { exact: false })).toBeVisible();
      await activate(page, issued.activationCode);
      await expect(page.getByText(`Studio PC ${colorScheme} is linked to your account.`)).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await waitForActivation(portalUrl, issued)).toBe('linked');

      await page.getByRole('link', { name: 'See your devices' }).click();
      await expect(devicesSection(page).getByRole('heading', { name: `Studio PC ${colorScheme}` })).toBeVisible();
      await expectNoAxeViolations(page);

      // The same code a second time is refused (codes are single use), in the words of any code
      // that names no waiting device: a guess learns nothing of which codes exist.
      await page.goto('/activate');
      await activate(page, issued.activationCode);
      await expect(page.getByRole('alert')).toContainText('This activation code does not work.');
      await expectNoAxeViolations(page);
    });

    test('a linked device is renamed by keyboard, associated with a plan, and removed', async ({ page }) => {
      const { referenceId } = await personWithPlan(page, `manage-${colorScheme}`);
      const { issued } = await deviceAsksForCode(page, 'Old name');
      await page.goto(`/activate?activationCode=${issued.activationCode}`);
      // Filled in from the link, never sent by itself.
      await expect(page.getByLabel('Activation code')).toHaveValue(issued.activationCode);
      await expect(page.getByText(/is linked to your account/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Link device' }).click();
      await expect(page.getByText('Old name is linked to your account.')).toBeVisible();

      await page.goto('/account#devices');
      const section = devicesSection(page);
      await expect(section.getByRole('heading', { name: 'Old name' })).toBeVisible();
      await expect(section.getByText('Devices in use: 1 of 5')).toBeVisible();
      await expectNoAxeViolations(page);

      // Rename, with the keyboard alone; any script is welcome.
      const rename = section.getByRole('button', { name: 'Rename Old name' });
      await tabTo(page, rename, 60);
      await page.keyboard.press('Enter');
      const nameField = section.getByLabel('New name for Old name');
      await expect(nameField).toBeFocused();
      await nameField.fill('  Студия 配信 ');
      await page.keyboard.press('Enter');
      await expect(section.getByRole('heading', { name: 'Студия 配信' })).toBeVisible();
      await expectNoAxeViolations(page);

      // Associate with the plan: the device then counts against its seats.
      await section.getByRole('button', { name: 'Change subscription of Студия 配信' }).click();
      await section.getByLabel('Subscription for Студия 配信').selectOption(referenceId);
      await section.getByRole('button', { name: 'Save subscription' }).click();
      await expect(section.getByText('Bonding Personal', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      // Remove, after a confirmation.
      await section.getByRole('button', { name: 'Remove Студия 配信' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Remove device' }).click();
      await expect(section.getByRole('heading', { name: 'Студия 配信' })).toHaveCount(0);
      await expect(section.getByText('Devices in use: 0 of 5')).toBeVisible();
      await expect(section.getByText('No devices are linked yet.')).toBeVisible();
    });
  });
}

test('a full account is told to remove a device first, and nothing is linked', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.individual, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const { portalUrl, issued } = await deviceAsksForCode(page, 'One too many');
  await page.goto('/activate');
  await activate(page, issued.activationCode);
  await expect(page.getByRole('alert')).toContainText('Your account has reached its device limit.');
  await expect(page.getByRole('link', { name: 'Manage your devices' })).toBeVisible();
  expect(await activationStateOf(portalUrl, issued.pollToken)).toBe('waiting');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the activation page fits a phone in ${colorScheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/login');
      await signIn(page, demoAccounts.teamUser, demoPassword);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await page.goto('/activate?activationCode=123456');
      const field = page.getByLabel('Activation code');
      await expect(field).toHaveValue('123456');
      await expect(field).toHaveAttribute('inputmode', 'numeric');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const button = page.getByRole('button', { name: 'Link device' });
      const box = await button.boundingBox();
      // WCAG 2.2's target size: at least 24 by 24 CSS pixels.
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('activation and the devices list read right to left', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(demoAccounts.individual);
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/activate');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).toHaveCSS('direction', 'rtl');
    // The code itself stays left to right.
    await expect(page.locator('input[inputmode="numeric"]')).toHaveCSS('direction', 'ltr');
    await expectNoAxeViolations(page);

    await page.goto('/account#devices');
    await expect(page.locator('#devices')).toBeVisible();
    await expect(page.locator('#devices').getByText('Pixel phone', { exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

import type { Page } from '@playwright/test';
import { demoRouterCoupons } from '../server/db/seed-demo';
import { freshReferenceId, purchase } from './support/billing';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';
import { newAccountPassword, signUpThroughTheUi } from './support/sign-up';
import { expect, test } from './support/visitor';

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, email, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the routers portal shows routers of both partner vendors, their state and subscription', async ({ page }) => {
      await signInAs(page, demoAccounts.individual);
      await page.goto('/routers');
      await expect(page.getByRole('heading', { level: 1, name: 'Routers' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('rowheader', { name: 'Living room router' })).toBeVisible();
      await expect(main.getByRole('rowheader', { name: 'Camper router' })).toBeVisible();
      await expect(main.getByText('Miri', { exact: true }).first()).toBeVisible();
      await expect(main.getByText('Strata', { exact: true }).first()).toBeVisible();
      await expect(main.getByText('Online', { exact: true }).first()).toBeVisible();
      await expect(main.getByText('Offline', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);

      // By keyboard alone to the coupon screen.
      const couponLink = main.getByRole('link', { name: 'Redeem a router coupon' }).first();
      await tabTo(page, couponLink, 40);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/redeem-router-coupon$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Redeem a router coupon' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('a team member sees the team’s router, lent by its owner', async ({ page }) => {
      await signInAs(page, demoAccounts.teamUser);
      await page.goto('/routers');
      const main = page.getByRole('main');
      await expect(main.getByRole('rowheader', { name: /Studio uplink/ })).toBeVisible();
      await expect(main.getByText(/Northwind Broadcast/).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('a router coupon is refused when expired, then redeemed once, listed, and lent to the team by its owner', async ({
  page,
}) => {
  // A new owner of a teams plan: the demo accounts keep the subscriptions the other specs expect.
  const email = await signUpThroughTheUi(page, 'router-coupon');
  const referenceId = freshReferenceId('router-coupon');
  await purchase(page.request, { referenceId, accountEmail: email, planCode: 'teams-monthly', quantity: 5 });
  await page.goto('/login');
  await signIn(page, email, newAccountPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto(`/redeem-router-coupon?coupon=${demoRouterCoupons.expired}`);
  const field = page.getByLabel('Router coupon code');
  // Filled in from the link, never sent by itself.
  await expect(field).toHaveValue(demoRouterCoupons.expired);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Redeem router coupon' }).click();
  await expect(page.getByRole('alert')).toContainText('This router coupon has expired.');
  await expectNoAxeViolations(page);

  await field.fill(` ${demoRouterCoupons.threeYear.toLowerCase()} `);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Your router coupon is redeemed/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Used once, refused the second time.
  await page.getByRole('button', { name: 'Redeem another coupon' }).click();
  await page.getByLabel('Router coupon code').fill(demoRouterCoupons.threeYear);
  await page.getByRole('button', { name: 'Redeem router coupon' }).click();
  await expect(page.getByRole('alert')).toContainText('This router coupon has already been redeemed.');

  // The new router plan is on the routers portal, waiting for its router.
  await page.goto('/routers');
  const routerPlans = page.getByRole('region', { name: 'Router subscriptions' });
  await expect(routerPlans.getByText('Router service, three years')).toBeVisible();
  await expectNoAxeViolations(page);

  // The owner lends it to the team from the team's portal, by keyboard, then takes it back.
  await page.goto(`/subscription?referenceId=${referenceId}`);
  const teamRouters = page.getByRole('region', { name: 'Team routers' });
  await expect(teamRouters.getByText('No router is lent to the team yet.')).toBeVisible();
  const choice = teamRouters.getByLabel('Router to lend to the team');
  await choice.focus();
  await choice.selectOption({ label: 'Router service, three years' });
  await page.keyboard.press('Tab');
  await expect(teamRouters.getByRole('button', { name: 'Lend to team' })).toBeFocused();
  await page.keyboard.press('Enter');
  const takeBack = teamRouters.getByRole('button', { name: 'Take back Router service, three years' });
  await expect(takeBack).toBeVisible();
  await expectNoAxeViolations(page);
  await takeBack.click();
  await expect(takeBack).toHaveCount(0);
  await expect(teamRouters.getByLabel('Router to lend to the team')).toBeVisible();
});

test('a partner router greets its owner once: dismissed, it is not shown again', async ({ page }) => {
  await signInAs(page, demoAccounts.teamOwner);
  await page.goto('/routers');
  const greeting = page.getByRole('status').filter({ hasText: 'Studio uplink is set up and online.' });
  await expect(greeting).toBeVisible();
  await expectNoAxeViolations(page);
  await greeting.getByRole('button', { name: 'Dismiss the message about Studio uplink' }).click();
  await expect(greeting).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('rowheader', { name: /Studio uplink/ })).toBeVisible();
  await expect(page.getByText('Studio uplink is set up and online.')).toHaveCount(0);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the routers portal reads right to left', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(demoAccounts.individual);
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/routers');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const main = page.getByRole('main');
    await expect(main.getByRole('rowheader', { name: 'Living room router' })).toBeVisible();
    await expect(main).toHaveCSS('direction', 'rtl');
    await expectNoAxeViolations(page);
  });
});

import { expect, test } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn, signOut } from './support/portal';

const mainNavigation = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('the shell works by keyboard alone: skip link, account menu, change password, sign out', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.teamOwner, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  // The skip link comes first and moves the focus to the page's content.
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The account menu: opened with Enter, it names who is signed in; Escape gives the focus back.
  const accountMenu = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await accountMenu.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByText(demoAccounts.teamOwner)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(accountMenu).toBeFocused();

  // "Change password" leads into the change-password card.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Change password' }).getByLabel('Current password')).toBeFocused();

  // The navigation is reachable by Tab (around the account page's every section), and the current
  // page is marked.
  await tabTo(page, mainNavigation(page).getByRole('link', { name: 'Routers' }), 60);
  await expect(mainNavigation(page).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/routers$/);
  await expect(mainNavigation(page).getByRole('link', { name: 'Routers' })).toHaveAttribute('aria-current', 'page');

  // /routers is a real page now, still loading its routers: the menu is awaited before End.
  await accountMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  // The keys go to the menu once it has the focus.
  await expect(page.getByRole('menu')).toBeFocused();
  await page.keyboard.press('End');
  // Enter picks the highlighted item: wait until End has moved the highlight there (seen once on the
  // first item, "Change password", when End came as the menu opened).
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
});

test('a team admin finds the team’s subscription in the navigation; a team user does not', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.teamAdmin, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(mainNavigation(page).locator('a[href^="/subscription?referenceId="]')).toHaveCount(1);
  await signOut(page);

  await signIn(page, demoAccounts.teamUser, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(mainNavigation(page).locator('a[href^="/subscription"]')).toHaveCount(0);
  await expect(mainNavigation(page).getByRole('button', { name: 'Subscriptions' })).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`on a phone, ${colorScheme} mode`, () => {
    test.use({ colorScheme, viewport: { width: 390, height: 844 }, hasTouch: true });

    test('the navigation folds behind "Menu", which Escape closes', async ({ page }) => {
      await page.goto('/login');
      await signIn(page, demoAccounts.teamOwner, demoPassword);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
      await expect(mainNavigation(page)).toBeHidden();
      await expectNoAxeViolations(page);

      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(mainNavigation(page).getByRole('link', { name: 'Routers' })).toBeVisible();
      await expectNoAxeViolations(page);

      await mainNavigation(page).getByRole('link', { name: 'Account' }).focus();
      await page.keyboard.press('Escape');
      await expect(mainNavigation(page)).toBeHidden();
      await expect(menuButton).toBeFocused();

      await menuButton.click();
      await mainNavigation(page).getByRole('link', { name: 'Routers' }).click();
      await expect(page).toHaveURL(/\/routers$/);
      await expect(mainNavigation(page)).toBeHidden();
    });
  });
}

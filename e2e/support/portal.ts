import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export { demoAccounts, demoPassword } from '../../server/db/seed-demo';

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs out through the account menu in the signed-in shell's banner, and waits for the sign-in page:
 * until then the signed-in page is still there, and a field of it (the team's "E-mail") could take
 * what a next sign-in types.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** axe-core on the whole page: WCAG 2.1 AA and best practices, no violation allowed. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

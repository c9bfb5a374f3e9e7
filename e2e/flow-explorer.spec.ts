import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/portal';
import { flowExplorerPort } from './support/ports';

const explorer = `http://localhost:${flowExplorerPort}/`;

test('the flow explorer shows a machine, takes an event, plays a path and keeps the place in the address', async ({
  page,
}) => {
  await page.goto(explorer);
  await page.getByRole('searchbox', { name: 'Search machines' }).fill('signUp');
  await page.getByRole('link', { name: /^signUp \d+ states/ }).click();
  await expect(page).toHaveURL(/\?machine=signUp$/);
  await expect(page.getByText('Current state: enteringDetails')).toBeVisible();
  await expect(page.locator('.diagram .current')).toHaveAttribute('id', 'state:signUp.enteringDetails');

  await page.getByRole('button', { name: /^user\.changeEmail .*sam@example\.com/ }).click();
  await page.getByRole('button', { name: /^user\.changeRepeatEmail .*sam@example\.com/ }).click();
  await page.getByRole('button', { name: /^botCheck\.solved/ }).click();
  await page.getByRole('button', { name: /^user\.submitDetails/ }).click();
  await expect(page.getByText('Current state: creatingAccount')).toBeVisible();
  await expect(page.locator('.diagram .current')).toHaveAttribute('id', 'state:signUp.creatingAccount');
  await expectNoAxeViolations(page);

  const paths = page.getByRole('list', { name: 'Generated paths of signUp' });
  await paths
    .getByRole('link', { name: /--> creatingAccount \(4 steps\)$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/path=\d+&step=0/);
  await expect(page.getByText('Current state: enteringDetails')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/step=1/);
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByText('Current state: creatingAccount')).toBeVisible();
  await expect(page.getByText(/step 4 of 4/)).toBeVisible();

  // A pasted link reopens the same point.
  await page.goto(page.url());
  await expect(page.getByText('Current state: creatingAccount')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText(/step 3 of 4/)).toBeVisible();
  await expectNoAxeViolations(page);
});

import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/portal';
import { flowExplorerPort } from './support/ports';

const explorer = `http://localhost:${flowExplorerPort}/`;

/** The real view of the machine's current state, in the explorer's frame. */
const viewOf = (page: Page, machine: string) =>
  page.frameLocator(`iframe[title="The view of ${machine} in this state"]`);

test('the flow explorer walks sign-up through its real screen, in Arabic and dark, and keeps the place in the address', async ({
  page,
}) => {
  await page.goto(explorer);
  await page.getByRole('searchbox', { name: 'Search machines' }).fill('signUp');
  await page.getByRole('link', { name: /^signUp \d+ states/ }).click();
  await expect(page).toHaveURL(/\/signUp$/);
  await expect(page.getByText('Current state: enteringDetails')).toBeVisible();
  await expect(page.locator('.diagram .current')).toHaveAttribute('id', 'state:signUp.enteringDetails');
  const view = viewOf(page, 'signUp');
  await expect(view.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();

  // Events come from the screen itself (typing, the bot check's stand-in) or from the list of events.
  await view.getByLabel('E-Mail', { exact: true }).fill('sam@example.com');
  await view.getByLabel('Repeat e-mail').fill('sam@example.com');
  await view.getByRole('button', { name: 'I am not a robot' }).click();
  await page.getByRole('button', { name: /^user\.submitDetails/ }).click();
  await expect(page.getByText('Current state: creatingAccount')).toBeVisible();
  await expect(page.locator('.diagram .current')).toHaveAttribute('id', 'state:signUp.creatingAccount');
  await expect(view.getByRole('status')).toHaveText('Please wait while we check your request…');

  // The call the machine waits for is answered by QA: here it succeeds.
  await expect(page.getByRole('heading', { name: 'Waiting for createPendingAccount' })).toBeVisible();
  await page
    .getByRole('list', { name: 'Answers of createPendingAccount' })
    .getByRole('button', { name: /^Succeeds/ })
    .click();
  await expect(page.getByText('Current state: verifying.awaitingCode.enteringCode')).toBeVisible();
  await expect(view.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The same screen in Arabic, right to left, in the dark theme, at a phone's width.
  await page.getByLabel('Language').selectOption('ar');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('checkbox', { name: 'Phone width' }).check();
  await expect(page.getByRole('checkbox', { name: 'Right to left' })).toBeChecked();
  await expect(view.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(view.locator('html')).toHaveClass(/\bdark\b/);
  await expect(view.getByRole('heading', { level: 1 })).not.toHaveText('Verify your e-mail');
  await expect(page.locator('iframe.view-frame')).toHaveCSS('width', '390px');
  await expect(page).toHaveURL(/theme=dark&lang=ar&phone=1/);
  await expectNoAxeViolations(page);

  // A pasted link reopens the same point, in the same look.
  const link = await page.getByRole('link', { name: 'Link to this state' }).getAttribute('href');
  await page.goto(new URL(link ?? '', page.url()).href);
  await expect(page.getByText('Current state: verifying.awaitingCode.enteringCode')).toBeVisible();
  await expect(viewOf(page, 'signUp').locator('html')).toHaveAttribute('dir', 'rtl');
});

test('sign-up walked by its events alone, from the first field to the verified account, then read in Arabic and dark', async ({
  page,
}) => {
  await page.goto(`${explorer}signUp`);
  const view = viewOf(page, 'signUp');
  const take = (name: RegExp) => page.getByRole('button', { name }).click();
  const answer = async (work: string) => {
    await page
      .getByRole('list', { name: `Answers of ${work}` })
      .getByRole('button', { name: /^Succeeds/ })
      .click();
  };
  const at = (state: string) => expect(page.getByText(`Current state: ${state}`)).toBeVisible();

  await take(/^user\.changeEmail \{"value":"sam@example\.com"\}/);
  await take(/^user\.changeRepeatEmail \{"value":"sam@example\.com"\}/);
  await take(/^botCheck\.solved/);
  await take(/^user\.submitDetails/);
  await answer('createPendingAccount');
  await at('verifying.awaitingCode.enteringCode');
  await take(/^user\.changeCode \{"value":"123456"\}/);
  await take(/^user\.submitCode/);
  await answer('validateCode');
  await at('choosingPassword');
  await expect(view.getByRole('heading', { level: 1, name: 'Choose a password' })).toBeVisible();
  await take(/^user\.changePassword \{"value":"correct horse battery"\}/);
  await take(/^user\.changeRepeatPassword \{"value":"correct horse battery"\}/);
  await take(/^user\.submitPassword/);
  await answer('finalizeAccount');
  await expect(page.getByText('Current state: verified (final)')).toBeVisible();
  await expect(page.getByText('None: the flow has ended.')).toBeVisible();
  await expect(view.getByRole('heading', { level: 1, name: 'Account verified' })).toBeVisible();

  await page.getByLabel('Language').selectOption('ar');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(view.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(view.getByRole('heading', { level: 1 })).not.toHaveText('Account verified');
  await expectNoAxeViolations(page);
});

test('the flow explorer plays a generated path of the subscription lifecycle to its end', async ({ page }) => {
  await page.goto(`${explorer}subscriptionLifecycle`);
  const paths = page.getByRole('list', { name: 'Generated paths of subscriptionLifecycle' });
  // Two failures of a cancellation look alike in a path's name: either will do.
  await paths
    .getByRole('link', { name: /^cancelFailed --\{"type":"user\.confirmCancel"\}--> canceling/ })
    .first()
    .click();
  await expect(page.getByText(/step 0 of 4/)).toBeVisible();
  await expect(page.getByText('Current state: active')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(/step 1 of 4/)).toBeVisible();
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByText(/step 4 of 4/)).toBeVisible();
  await expect(page.getByText('Current state: canceling')).toBeVisible();
  await expect(viewOf(page, 'subscriptionLifecycle').getByRole('button', { name: 'Canceling…' })).toBeDisabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Current state: cancelFailed')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a state named in the address opens at the first generated path that reaches it', async ({ page }) => {
  await page.goto(`${explorer}signUp?state=choosingPassword`);
  await expect(page.getByText('Current state: choosingPassword')).toBeVisible();
  await expect(viewOf(page, 'signUp').getByRole('heading', { level: 1, name: 'Choose a password' })).toBeVisible();
  await expect(page.getByText(/^Path \d+: step \d+ of \d+$/)).toBeVisible();
});

test('the running portal serves the explorer on /dev/flows to this machine', async ({ page }) => {
  await page.goto('/dev/flows/forgotPassword');
  await expect(page.getByText('Current state: editing')).toBeVisible();
  // Graphviz's WebAssembly runs under the explorer's own security policy.
  await expect(page.locator('.diagram svg')).toBeVisible();
  await expect(viewOf(page, 'forgotPassword').getByRole('heading', { level: 1 })).toBeVisible();
});

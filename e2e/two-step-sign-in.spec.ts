import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { demoAuthenticatorKey } from '../server/db/seed-demo';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn, signOut } from './support/portal';
import { newAccountPassword, signUpThroughTheUi } from './support/sign-up';
import { expect, test } from './support/visitor';

/**
 * Two-step sign-in (issue 22): an authenticator app turned on from the account page, and the
 * second step of a sign-in. The codes are computed here with otplib from the key the page shows (or
 * the demo account's published key), as the person's app would. A code is good once, so the tests
 * that share the demo account run one after another, each with a code of a step not used before.
 */
test.describe.configure({ mode: 'serial' });

const stepSeconds = 30;
const epochNow = () => Math.floor(Date.now() / 1000);

/** The app's code for the current step, plus `stepsLater` steps (the server accepts one step ahead). */
const appCode = (secret: string, stepsLater = 0) => generate({ secret, epoch: epochNow() + stepsLater * stepSeconds });

/** The demo account's steps already used by this file, so that each of its sign-ins gets a fresh code. */
let lastDemoStep = 0;
async function freshDemoCode(): Promise<string> {
  while (Math.floor(epochNow() / stepSeconds) <= lastDemoStep) await new Promise((done) => setTimeout(done, 1000));
  lastDemoStep = Math.floor(epochNow() / stepSeconds);
  return appCode(demoAuthenticatorKey);
}

const twoStepSection = (page: Page) => page.getByRole('region', { name: 'Two-step sign-in' });
const signedInHere = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

/** The password step of the demo two-step account, up to the second step's page. */
async function passwordStep(page: Page): Promise<void> {
  await page.goto('/login');
  await signIn(page, demoAccounts.twoStep, demoPassword);
  await expect(page).toHaveURL(/\/auth\/second-step/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
}

test('an app is turned on from the account page; sign-in then asks for its code or a recovery code, and it is turned off', async ({
  page,
}) => {
  const email = await signUpThroughTheUi(page, 'two-step');
  await page.goto('/login');
  await signIn(page, email, newAccountPassword);
  await signedInHere(page);
  await page.goto('/account#two-step-sign-in');
  const section = twoStepSection(page);
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();

  await expect(section.getByRole('img', { name: 'QR code to add your account to an authenticator app' })).toBeVisible();
  const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  // Said under the field, which is emptied for the next try.
  await expect(section.getByText('That code is not right.', { exact: false })).toBeVisible();
  await section.getByLabel('Code from the app').fill(await appCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText(/^On since/)).toBeVisible();
  await expect(section.getByText('10 left')).toBeVisible();

  // With a recovery code: typed in lower case, without its dashes.
  await signOut(page);
  await signIn(page, email, newAccountPassword);
  await expect(page).toHaveURL(/\/auth\/second-step/);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill((recoveryCodes[0] ?? '').replaceAll('-', '').toLowerCase());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await signedInHere(page);

  // With the app's code (of the next step: the current one turned the app on).
  await signOut(page);
  await signIn(page, email, newAccountPassword);
  await page.getByLabel('Code from your authenticator app').fill(await appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await signedInHere(page);

  // Turned off with another recovery code as proof; the next sign-in needs the password alone.
  await page.goto('/account#two-step-sign-in');
  await expect(twoStepSection(page).getByText('9 left')).toBeVisible();
  await twoStepSection(page).getByRole('button', { name: 'Turn off' }).click();
  await twoStepSection(page).getByRole('button', { name: 'Use a recovery code instead' }).click();
  await twoStepSection(page)
    .getByLabel('Recovery code')
    .fill(recoveryCodes[1] ?? '');
  await twoStepSection(page).getByRole('button', { name: 'Turn off' }).click();
  await expect(twoStepSection(page).getByRole('status')).toContainText('Your authenticator app is off.');
  await signOut(page);
  await signIn(page, email, newAccountPassword);
  await signedInHere(page);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the demo account is asked for its code after the password; a wrong code is refused, the right one signs in', async ({
      page,
    }) => {
      await passwordStep(page);
      await expectNoAxeViolations(page);
      await page.getByLabel('Code from your authenticator app').fill('000000');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('Code from your authenticator app').fill(await freshDemoCode());
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await signedInHere(page);
      await expect(twoStepSection(page).getByText(/^On since/)).toBeVisible();
    });
  });
}

test("a team's owner requires two-step sign-in: the team page says who has it, and a member without it is sent to set it up", async ({
  page,
}) => {
  await passwordStep(page);
  await page.getByLabel('Code from your authenticator app').fill(await freshDemoCode());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await signedInHere(page);
  await page.goto('/subscription?referenceId=demo-teams-two-step');
  await expect(page.getByRole('checkbox', { name: 'Members must use two-step sign-in' })).toBeChecked();
  const members = page.getByRole('table', { name: 'Members of the team' });
  await expect(members.getByRole('columnheader', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(members.getByRole('row', { name: /Sam/ }).getByRole('cell', { name: 'Off', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await signOut(page);

  // Signed in, the member is back on the page the owner left, which the rule keeps closed to them.
  await signIn(page, demoAccounts.secureMember, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your team requires two-step sign-in' })).toBeVisible();
  await expect(page.getByText('Harbor Security requires two-step sign-in.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/account#two-step-sign-in/);
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeFocused();
});

test('by keyboard alone: the code field has the focus, Enter sends it', async ({ page }) => {
  await passwordStep(page);
  await expect(page.getByLabel('Code from your authenticator app')).toBeFocused();
  await page.keyboard.type(await freshDemoCode());
  await page.keyboard.press('Enter');
  await signedInHere(page);

  await signOut(page);
  await passwordStep(page);
  await tabTo(page, page.getByRole('button', { name: 'Use a recovery code instead' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Recovery code')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Back to sign in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the second step reads right to left and passes axe-core', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(demoAccounts.twoStep);
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/auth\/second-step/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

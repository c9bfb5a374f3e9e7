import { expect, type Page } from '@playwright/test';
import { codeIn, freshAddress, waitForMail } from './mailbox';

/** "The code works for another 4:59." under the code field. */
export const codeCountdown = /^The code works for another [0-5]:[0-5]\d\.$/;

/** How long a proof of work may take in the browser, two of them at once on two cores included. */
const botCheckSeconds = 40;

/** The password the tests give the accounts they create. */
export const newAccountPassword = 'e2e-chosen-password-1';

/**
 * The self-hosted ALTCHA check, ticked like a person would; the browser then solves it (~1.5 s
 * alone, but more than 15 s was seen on the 2-core CI machine while the other worker's browser solved
 * one too: `botCheckSeconds` leaves room for that).
 * The click lands in the middle of the box, on ALTCHA's (invisible) tick mark, which hands it on to
 * the checkbox: `force` only skips Playwright's "another element would receive the click" check.
 */
export async function solveBotCheck(page: Page): Promise<void> {
  const checkbox = page.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(checkbox).toBeVisible();
  await checkbox.click({ force: true });
  await expectBotCheckSolved(page);
}

/**
 * The check shows "Verified". On the code step, whose check a new code needs too, it solves itself
 * (no tick) once a new code can be asked for, so a person just clicks "Send a new code".
 */
export async function expectBotCheckSolved(page: Page): Promise<void> {
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: botCheckSeconds * 1000 });
}

/** /create: the address twice and the bot check, up to the code step. */
export async function requestSignUp(page: Page, email: string): Promise<void> {
  await page.goto('/create');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Repeat e-mail').fill(email);
  await solveBotCheck(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
}

/** The code step with the code from the latest mail, then the password step, to "Account verified". */
async function finishSignUp(page: Page, email: string, password = newAccountPassword, mailNumber = 1) {
  const code = codeIn(await waitForMail(email, { count: mailNumber }));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account verified' })).toBeVisible();
}

/** A new account made through the sign-up screens; returns its address. */
export async function signUpThroughTheUi(page: Page, label: string, password = newAccountPassword): Promise<string> {
  const email = freshAddress(label);
  await requestSignUp(page, email);
  await finishSignUp(page, email, password);
  return email;
}

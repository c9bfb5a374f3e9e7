import { expect, test } from '@playwright/test';
import { resendCooldownSeconds } from '../contract/account-creation';
import { codeIn, freshAddress, linkIn, waitForMail } from './support/mailbox';
import { demoAccounts, expectNoAxeViolations } from './support/portal';
import { codeCountdown, expectBotCheckSolved, requestSignUp, solveBotCheck } from './support/sign-up';

/** The server allows one code per address per fixed window of this length (aligned to the epoch). */
const resendCooldownMs = resendCooldownSeconds * 1000;

// A file of its own, so that this test, the longest, starts early and runs beside the others.
test('the link in the mail opens the code step; wrong codes and taken addresses are refused; a new code replaces the first', async ({
  page,
  context,
}) => {
  // The server sends one code per address per fixed 30-second window: the resend waits for the
  // next window, and the refusals are tried meanwhile.
  test.setTimeout(75_000);
  const email = freshAddress('mail-link');
  await requestSignUp(page, email);
  const resendAllowedAt = (Math.floor(Date.now() / resendCooldownMs) + 1) * resendCooldownMs;
  const first = await waitForMail(email);
  const firstCode = codeIn(first);

  const wrongCode = firstCode === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrongCode);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Invalid code, please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);

  await page.goto('/create');
  await page.getByLabel('E-Mail', { exact: true }).fill(demoAccounts.individual);
  await page.getByLabel('Repeat e-mail').fill(demoAccounts.individual);
  await solveBotCheck(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('An account with this E-Mail already exists with us')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);

  // Opened from the mail, in a new tab: no state but the address in the link.
  const fromMail = await context.newPage();
  await fromMail.goto(linkIn(first, '/verify-email').href);
  await expect(fromMail).toHaveURL(/\/verify-email\?email=/);
  await expect(fromMail.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
  await expect(fromMail.getByText(email)).toBeVisible();
  await expect(fromMail.getByLabel('Verification code')).toBeVisible();
  // The age of a code from a mail is unknown: no countdown, and a new code may be asked for at once.
  await expect(fromMail.getByText(codeCountdown)).toHaveCount(0);
  const resend = fromMail.getByRole('button', { name: 'Send a new code' });
  await expect(resend).toBeEnabled();
  await expectNoAxeViolations(fromMail);

  // A new code needs the bot check too; on this step it solves itself, untouched.
  await expectBotCheckSolved(fromMail);
  await fromMail.waitForTimeout(Math.max(0, resendAllowedAt - Date.now()));
  await resend.click();
  await expect(fromMail.getByText('A new verification code has been sent to your email!')).toBeVisible();
  await expect(fromMail.getByText(codeCountdown)).toBeVisible();
  const secondCode = codeIn(await waitForMail(email, { count: 2 }));

  await fromMail.getByLabel('Verification code').fill(firstCode);
  await fromMail.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(fromMail.getByText('Invalid code, please try again.')).toBeVisible();

  await fromMail.getByLabel('Verification code').fill(secondCode);
  await fromMail.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(fromMail.getByRole('heading', { level: 1, name: 'Choose a password' })).toBeVisible();
});

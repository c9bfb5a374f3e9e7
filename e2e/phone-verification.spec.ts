import type { Page } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';
import { expect, test } from './support/visitor';

/**
 * Phone verification (issue 11) with the demo account that is there for it: its number changes in
 * every test, to a fictional one of the test's own (555-01xx), so no other spec depends on it.
 */
const account = demoAccounts.phoneOwner;

// A new code voids the account's earlier one: the tests of this account take turns.
test.describe.configure({ mode: 'default' });

/**
 * A fictional number (555-01xx) of the test's own: a number's resend cooldown and hourly limit are
 * per account and number, so two tests must not share one. The demo account's own is 555-0100.
 */
function numberOfTest(line: number): { typed: string; e164: string; formatted: string } {
  const digits = String(line).padStart(4, '0');
  return { typed: `(201) 555-${digits}`, e164: `+1201555${digits}`, formatted: `+1 201 555 ${digits}` };
}

/**
 * The newest code texted to `e164`, read from the development mailbox's SMS read-out. Asked from the
 * test process rather than `page.request`, which carries the visitor's X-Forwarded-For: the mailbox
 * answers only requests from this machine that no proxy forwarded.
 */
async function codeTextedTo(page: Page, e164: string, count = 1): Promise<string> {
  let bodies: string[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(new URL(`/dev/mailbox/sms?to=${encodeURIComponent(e164)}`, page.url()));
        bodies = ((await response.json()) as { body: string }[]).map((text) => text.body);
        return bodies.length;
      },
      { message: `text number ${count} to ${e164}`, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(count);
  const code = /^(\d{6}) /.exec(bodies.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`No code in the text to ${e164}: ${bodies.at(-1)}`);
  return code;
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signedIn(page: Page): Promise<void> {
  await page.goto('/login');
  await signIn(page, account, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('a signed-in person verifies a number with the texted code, a wrong code refused first', async ({ page }) => {
      await signedIn(page);
      const number = numberOfTest(colorScheme === 'light' ? 101 : 102);
      await page.goto('/phone-number-input?redirect=%2Faccount');
      await expect(page).toHaveTitle(/^Add a phone number \| /);
      await expect(page.getByLabel('Country')).toHaveValue('US');
      await expect(page.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/account');
      await expectNoAxeViolations(page);

      await page.getByLabel('Phone number').fill('555');
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByText('This is not a valid phone number for the chosen country.')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Phone number').fill(number.typed);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page).toHaveURL(/\/phone-number-verification\?/);
      await expect(page.getByText(`We sent a six-digit code to ${number.formatted}.`)).toBeVisible();
      await expectNoAxeViolations(page);
      const code = await codeTextedTo(page, number.e164);

      await page.getByLabel('Verification code').fill(wrongCodeFor(code));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Invalid code, please try again.')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/phone-number-verification-success\?redirect=%2Faccount$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Phone number verified' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText(number.formatted)).toBeVisible();
      // The session's phone claim changed with it.
      const session = (await (await page.request.get('/api/user')).json()) as { user: { phone: string } };
      expect(session.user.phone).toBe(number.e164);
    });
  });
}

test('by keyboard alone: the number, the code and on to the dashboard', async ({ page }) => {
  await signedIn(page);
  const number = numberOfTest(103);
  await page.goto('/phone-number-input');
  const field = page.getByLabel('Phone number');
  await tabTo(page, field);
  await page.keyboard.type(number.typed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/phone-number-verification\?/);
  // The code first: the page has settled by then, so nothing moves the focus between Tab and typing.
  const code = await codeTextedTo(page, number.e164);
  const codeField = page.getByLabel('Verification code');
  // Typed again if the field was re-rendered empty under the keys (seen once in CI), still by keyboard.
  await expect(async () => {
    await tabTo(page, codeField);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(code);
    await expect(codeField).toHaveValue(code, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  const proceed = page.getByRole('link', { name: 'Continue' });
  await expect(proceed).toBeVisible();
  await tabTo(page, proceed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(number.formatted)).toBeVisible();
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the phone pages read right to left, and the number stays left to right', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(account);
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/phone-number-input');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    // Retrying assertions: the page may still swap its first rendering for the loaded one.
    await expect(main).toHaveCSS('direction', 'rtl');
    const field = page.locator('input[type="tel"]');
    await expect(field).toHaveCSS('direction', 'ltr');
    await expectNoAxeViolations(page);

    const number = numberOfTest(104);
    // An Arabic browser has no region of its own here: the chooser's country is set by hand.
    await page.locator('select[name="phone-region"]').selectOption('US');
    await field.fill(number.typed);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/phone-number-verification\?/);
    await expect(page.locator('input[inputmode="numeric"]')).toHaveCSS('direction', 'ltr');
    await expect(page.locator('bdi[dir="ltr"]', { hasText: number.formatted })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

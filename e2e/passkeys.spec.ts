import type { CDPSession, Page } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { expectNoAxeViolations, signIn } from './support/portal';
import { newAccountPassword, signUpThroughTheUi } from './support/sign-up';
import { expect, test, visitorAddressOf } from './support/visitor';

/**
 * Passkeys (issue 22) in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn
 * domain): a platform authenticator with resident keys and user verification, which answers the
 * browser's ceremonies as a phone or laptop would, with real keys and signatures the portal checks.
 */

/** A virtual platform authenticator for the page, present and verifying the person at once. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const signedInHere = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

/** A new account, signed in, on its account page's Passkeys card. */
async function newAccountAtPasskeys(page: Page, label: string): Promise<string> {
  const email = await signUpThroughTheUi(page, label);
  await page.goto('/login');
  await signIn(page, email, newAccountPassword);
  await signedInHere(page);
  await page.goto('/account#passkeys');
  await expect(passkeysSection(page)).toBeVisible();
  return email;
}

async function addPasskey(page: Page, name: string): Promise<void> {
  const section = passkeysSection(page);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByLabel('Name of the passkey').fill(name);
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(section.getByRole('heading', { name, exact: true })).toBeVisible();
}

test('a passkey is added on the account page; the e-mail field then offers it and signs in without a password; it is renamed and removed', async ({
  page,
}) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await newAccountAtPasskeys(page, 'passkey');
  await expectNoAxeViolations(page);
  await addPasskey(page, 'Work laptop');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expect(passkeysSection(page).getByText('Never used')).toBeVisible();
  await expectNoAxeViolations(page);

  // The sign-in page asks the browser for a passkey for its e-mail field's autofill; this
  // authenticator answers at once, as a person picking the passkey in the field's list would. So the
  // sign-in page may come and go before its address can be seen: wait for the sign-out and the
  // passkey sign-in answers instead.
  const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
  const passkeySignIn = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/passkey') && response.request().method() === 'POST',
  );
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  expect((await signedOut).ok()).toBe(true);
  expect((await passkeySignIn).ok()).toBe(true);
  await signedInHere(page);

  await page.goto('/account#passkeys');
  const section = passkeysSection(page);
  await expect(section.getByText('Never used')).toHaveCount(0);
  await section.getByRole('button', { name: 'Rename Work laptop' }).click();
  await section.getByLabel('Name of the passkey').fill('Old laptop');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('heading', { name: 'Old laptop', exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Remove Old laptop' }).click();
  await expect(section.getByRole('button', { name: 'Keep' })).toBeFocused();
  await section.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(section.getByRole('heading', { name: 'Old laptop', exact: true })).toHaveCount(0);
});

test('"Sign in with a passkey", by keyboard alone, on a browser without passkey autofill that holds the passkey', async ({
  page,
  browser,
}, testInfo) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await newAccountAtPasskeys(page, 'passkey-keys');
  await addPasskey(page, 'Phone');
  const [passkey] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  if (!passkey) throw new Error('no passkey made');

  // A browser without passkey autofill (the first test signs in through the autofill), where the
  // button is the way: its authenticator holds the passkey made on the first.
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddressOf({ testId: `${testInfo.testId}-other` }) },
  });
  await context.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  const other = await context.newPage();
  const otherAuthenticator = await addVirtualAuthenticator(other);
  await otherAuthenticator.cdp.send('WebAuthn.addCredential', {
    authenticatorId: otherAuthenticator.authenticatorId,
    credential: passkey,
  });
  await other.goto('/login');
  await expect(other.getByLabel('E-Mail')).toHaveAttribute('autocomplete', 'username webauthn');
  await tabTo(other, other.getByRole('button', { name: 'Sign in with a passkey' }));
  await other.keyboard.press('Enter');
  await signedInHere(other);
  await context.close();
});

test('a sensitive change after the ten minutes asks again in place, then carries on', async ({ page }) => {
  await addVirtualAuthenticator(page);
  await newAccountAtPasskeys(page, 'recent');
  // The server's ten minutes are proven by tests/server/passkeys.test.ts; here the first answer is
  // the server's refusal as it words it, so that the browser's part runs in real time.
  let refused = false;
  await page.route('**/api/account/passkeys/options', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'recent_sign_in_required',
        message: 'For your security, confirm it is you before making this change.',
        methods: ['password'],
      }),
    });
  });
  const section = passkeysSection(page);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByLabel('Name of the passkey').fill('Tablet');
  await section.getByRole('button', { name: 'Add', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Password').fill(newAccountPassword);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  // The call was made again and the passkey added, without starting over.
  await expect(section.getByRole('heading', { name: 'Tablet', exact: true })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the sign-in page with its passkey button passes axe-core', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the passkey button reads right to left and passes axe-core', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('input[autocomplete="username webauthn"]')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

import { expect, type Page, test } from '@playwright/test';
import { FederatedSignInMessage } from '../contract/federated-sign-in';
import { localIdentities } from '../server/dev/local-openid-provider';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations } from './support/portal';

/**
 * Sign-in through OpenID Connect providers against the local provider that the portal starts
 * beside itself outside production (server/dev/local-openid-provider.ts): its three clients are the
 * portal's Google, Microsoft and company buttons.
 */

const [verifiedMatch, newPerson, unverifiedMatch, companyPerson] = localIdentities.map((identity) => identity.email);

/** On the local provider's development sign-in page: any password is accepted. */
async function signInAtProvider(page: Page, email: string | undefined, { keyboard = false } = {}) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  const login = page.locator('input[name="login"]');
  if (email) await login.fill(email);
  await page.locator('input[name="password"]').fill('any password');
  if (keyboard) await page.keyboard.press('Enter');
  else await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a new person signs in with a social provider, and is offered phone verification', async ({ page }) => {
  await page.goto('/login');
  // The local flag that asks for the phone offer; the browser's locale (en-US) gives the region.
  await page.evaluate(() => window.localStorage.setItem('flow', 'phoneoffer'));
  await page.goto('/login?redirect=%2Factivate');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
  await expect(page.getByText('These ways of signing in are not available yet.')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await google.click();
  await signInAtProvider(page, newPerson);
  await expect(page).toHaveURL(/\/phone-number-input\?redirect=%2Factivate$/);
  const session = await page.evaluate(async () => (await fetch('/api/user')).json());
  expect(session.user).toMatchObject({ email: newPerson, idp: 'google' });
});

test('an existing account with a verified address is linked with its password, by keyboard, and goes where it was headed', async ({
  page,
}) => {
  expect(verifiedMatch).toBe(demoAccounts.individual);
  await page.goto('/login?redirect=%2Frouters');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await tabTo(page, google, 40);
  await page.keyboard.press('Enter');
  await signInAtProvider(page, verifiedMatch, { keyboard: true });

  // The provider alone links nothing: the account's owner consents with its password.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link your Google sign-in');
  const password = page.getByLabel('Password of your account');
  await expect(password).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(FederatedSignInMessage.linkPasswordIncorrect);
  await password.fill('');
  await password.focus();
  await page.keyboard.type(demoPassword);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/routers$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Listed on the account page, where it can be unlinked.
  await page.goto('/account#security');
  const linked = page.getByRole('article', { name: 'Google' });
  await expect(linked).toContainText(verifiedMatch ?? '');
  await expect(linked.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('an unverified address that matches an account is refused, and the way back leads to sign-in', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
      await signInAtProvider(page, unverifiedMatch);
      await expect(page).toHaveURL(/\/auth\/callback\/microsoft\?/);
      await expect(page.getByRole('alert')).toHaveText(FederatedSignInMessage.emailNotVerified);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await expect(page).toHaveURL(/\/login$/);
      const session = await page.evaluate(async () => (await fetch('/api/user')).json());
      expect(session.user).toBeNull();
    });
  });
}

test.describe('company sign-in in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('a work address at a configured domain leads to its company, by keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await tabTo(page, page.getByRole('button', { name: 'Sign in with your company account' }), 40);
    await page.keyboard.press('Enter');
    const workEmail = page.getByLabel('Work e-mail address');
    await expect(workEmail).toBeFocused();
    await page.keyboard.type('sam@elsewhere.example');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(FederatedSignInMessage.unknownDomain);
    await expectNoAxeViolations(page);

    await workEmail.fill('');
    await workEmail.focus();
    await page.keyboard.type(companyPerson ?? '');
    await page.keyboard.press('Enter');
    // The provider is told the address; the person only confirms there.
    await expect(page.locator('input[name="login"]')).toHaveValue(companyPerson ?? '');
    await page.locator('input[name="password"]').focus();
    await signInAtProvider(page, undefined, { keyboard: true });
    await expect(page).toHaveURL(/\/account$/);
    const session = await page.evaluate(async () => (await fetch('/api/user')).json());
    expect(session.user).toMatchObject({ email: companyPerson, idp: 'enterprise' });
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the provider buttons and the callback read right to left', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const other = page.locator('section[aria-labelledby="other-ways"]');
    // Google, Microsoft and the company account (the QR block may add buttons of its own).
    await expect(other.getByRole('button').nth(2)).toBeVisible();
    await expect(other).toHaveCSS('direction', 'rtl');
    await expectNoAxeViolations(page);

    // The refused callback, in Arabic.
    await page.goto('/auth/callback/google?code=not-from-a-provider&state=forged');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('main')).toHaveCSS('direction', 'rtl');
    await expectNoAxeViolations(page);
  });
});

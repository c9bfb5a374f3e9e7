import type { Page } from '@playwright/test';
import { freshReferenceId, purchase } from './support/billing';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';
import { newAccountPassword, signUpThroughTheUi } from './support/sign-up';
import { expect, test } from './support/visitor';

/** A new account that has bought a plan on the order site, signed in; returns its reference id. */
async function ownerWithPurchase(
  page: Page,
  label: string,
  planCode: string,
  { quantity = 1, blackfriday24Eligible = false } = {},
): Promise<string> {
  const email = await signUpThroughTheUi(page, label);
  const referenceId = freshReferenceId(label);
  await purchase(page.request, { referenceId, accountEmail: email, planCode, quantity, blackfriday24Eligible });
  await page.goto('/login');
  await signIn(page, email, newAccountPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  return referenceId;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the owner cancels and uncancels, changes seats and redeems a coupon', async ({ page }) => {
      const referenceId = await ownerWithPurchase(page, `teams-${colorScheme}`, 'teams-monthly', { quantity: 3 });
      await page.goto(`/subscription?referenceId=${referenceId}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('radio').first().check();
      await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(page.getByText('Your subscription is canceled.')).toBeVisible();
      await expect(page.getByText(/^Ends on /)).toBeVisible();
      // The dialog's own "Keep subscription" stays in the page while it animates out.
      await expect(dialog).toBeHidden();

      await page
        .getByRole('region', { name: 'Manage subscription' })
        .getByRole('button', { name: 'Keep subscription' })
        .click();
      await expect(page.getByText('Your subscription continues.')).toBeVisible();
      await expect(page.getByText(/^Renews on /)).toBeVisible();

      await page.getByRole('button', { name: 'Change seats' }).click();
      await page.getByLabel('Number of seats').fill('0');
      await page.getByRole('button', { name: 'Save seats' }).click();
      await expect(page.getByText('Please enter a whole number of seats.')).toBeVisible();
      await page.getByLabel('Number of seats').fill('5');
      await page.getByRole('button', { name: 'Save seats' }).click();
      // Priced before it is made: 5 seats at $14.99 a month, and the 2 added for the month just begun.
      await expect(page.getByText(/^New price: \$74\.95 per billing period, from your next renewal on /)).toBeVisible();
      await expect(page.getByText(/^Due now: \$29\.9\d, for the added seats/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: /^Confirm and pay \$29\.9\d$/ }).click();
      await expect(page.getByText('5 seats', { exact: true })).toBeVisible();

      // Fewer seats wait for the renewal: nothing is refunded, and the 5 stay until then.
      await page.getByRole('button', { name: 'Change seats' }).click();
      await page.getByLabel('Number of seats').fill('4');
      await page.getByRole('button', { name: 'Save seats' }).click();
      await expect(page.getByText(/^Fewer seats take effect at your next renewal, on /)).toBeVisible();
      await expect(page.getByText('Nothing is due now.')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm seats' }).click();
      await expect(page.getByText(/^Your subscription will have 4 seats from /)).toBeVisible();
      await expect(page.getByText(/^5 seats · 4 seats from /)).toBeVisible();

      const coupons = page.getByRole('region', { name: 'Coupons' });
      await expect(coupons.getByText('Coupons you can redeem')).toBeVisible();
      await coupons.getByLabel('Or enter a coupon code').fill('WELCOME10');
      await coupons.getByRole('button', { name: 'Redeem coupon' }).click();
      await expect(coupons.getByText(/is redeemed\. It applies starting with your next invoice\./)).toBeVisible();
      await expectNoAxeViolations(page);

      // The added seats' invoice, beside the purchase.
      await page.goto(`/billing?referenceId=${referenceId}`);
      await expect(page.getByRole('cell', { name: 'Seats added' })).toBeVisible();
      // The overview: the price of the 5 seats; the next charge, for the 4 the renewal bills ($59.96)
      // less the welcome coupon's 10%.
      await expect(page.getByText('$74.95 per month', { exact: true })).toBeVisible();
      await expect(page.getByText(/^Next billing date: .+, for \$53\.9\d$/)).toBeVisible();
      await expect(page.getByText('No payment method on file.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Cancel or change this subscription' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the owner upgrades after reading the preview, then opens the invoice', async ({ page }) => {
      const referenceId = await ownerWithPurchase(page, `upgrade-${colorScheme}`, 'personal-monthly');
      await page.goto(`/upgrade?referenceId=${referenceId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Upgrade your subscription' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: /Personal, yearly/ }).click();
      await page.getByRole('button', { name: 'See the price' }).click();
      const preview = page.getByRole('region', { name: 'What you pay today' });
      await expect(preview).toBeVisible();
      await expect(preview.getByText('Total due today')).toBeVisible();
      await expectNoAxeViolations(page);

      await preview.getByRole('button', { name: 'Confirm upgrade' }).click();
      await expect(page.getByText('Your subscription is now Personal, yearly.')).toBeVisible();
      await page.getByRole('link', { name: /^View invoice \d+$/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Invoice \d+$/ })).toBeVisible();
      await expect(page.getByText('Personal, yearly').first()).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(`/billing?referenceId=${referenceId}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Invoices' })).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(3);
      await expectNoAxeViolations(page);
    });
  });
}

test('the owner sees the Black Friday price and hides the offer for good', async ({ page }) => {
  const referenceId = await ownerWithPurchase(page, 'black-friday', 'personal-monthly', {
    blackfriday24Eligible: true,
  });
  await page.goto(`/subscription?referenceId=${referenceId}`);
  const offer = page.getByRole('region', { name: 'Black Friday offer' });
  await expect(offer.getByText(/^Upgrade from .+ with the Black Friday offer\.$/)).toBeVisible();
  await offer.getByRole('button', { name: 'No thanks' }).click();
  await expect(offer.getByText('Hide this offer? It will not be offered again for this subscription.')).toBeVisible();
  await expectNoAxeViolations(page);
  await offer.getByRole('button', { name: 'Hide offer' }).click();
  await expect(offer.getByText('The Black Friday offer is hidden.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Black Friday offer' })).toHaveCount(0);
});

test('the dedicated server owner sees their server in Amsterdam in the subscription portal', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.dedicatedOwner, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto('/subscription?referenceId=demo-dedicated-monthly');
  const servers = page.getByRole('table', { name: 'Your private servers' });
  const amsterdam = servers.getByRole('row', { name: /Amsterdam dedicated server/ });
  await expect(amsterdam).toContainText('Amsterdam, NL');
  await expect(amsterdam).toContainText('198.51.100.20');
  await expect(amsterdam).toContainText('Running');
  await expect(page.getByRole('heading', { level: 2, name: 'Dedicated server' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the account page lists a person's private servers, and only theirs", async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.individual, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const servers = page.getByRole('table', { name: 'Your private servers' });
  await expect(servers.getByRole('row', { name: /Private server/ })).toBeVisible();
  await expect(servers.getByRole('row', { name: /Amsterdam dedicated server/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a new dedicated server owner requests the server and sees it listed as requested', async ({ page }) => {
  const referenceId = await ownerWithPurchase(page, 'dedicated', 'dedicated-server-monthly');
  await page.goto(`/subscription?referenceId=${referenceId}`);
  const servers = page.getByRole('region', { name: 'Private servers' });
  await expect(servers.getByText('You have no private servers yet.')).toBeVisible();
  await page.getByLabel('From (UTC)').fill('22:00');
  await page.getByLabel('To (UTC)').fill('02:00');
  await page.getByRole('button', { name: 'Request server' }).click();
  await expect(page.getByText(/^Your server is requested\./)).toBeVisible();
  const requested = servers.getByRole('row', { name: /Dedicated server/ });
  await expect(requested).toContainText('Not assigned yet');
  await expect(requested).toContainText('Requested');
  await expectNoAxeViolations(page);
});

test('the marketing upgrade shortcut lists every plan’s price when no subscription has the plan', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.dedicatedOwner, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto('/account/upgrade?currentPlan=teams-3year');
  await expect(page.getByText('We could not find that plan among your subscriptions.')).toBeVisible();
  const plans = page.getByRole('table', { name: 'Prices of every plan' });
  await expect(plans.getByRole('row', { name: 'Teams billed every three years $359.99' })).toBeVisible();
  await expect(plans.getByRole('row', { name: 'Router billed once $249.00' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a team admin reaches the subscription portal but not billing or upgrade', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.teamAdmin, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto('/subscription?referenceId=demo-teams-yearly');
  await expect(page.getByRole('heading', { level: 2, name: 'Plan, seats and billing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  for (const path of ['/billing?referenceId=demo-teams-yearly', '/upgrade?referenceId=demo-teams-yearly']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account$/);
  }
});

test('a team user is sent to the dashboard from the subscription portal', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccounts.teamUser, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto('/subscription?referenceId=demo-teams-yearly');
  await expect(page).toHaveURL(/\/account$/);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the subscription portal reads right to left', async ({ page }) => {
    // The labels are Arabic here: the fields are found by what they are.
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(demoAccounts.teamOwner);
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/subscription?referenceId=demo-teams-yearly');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(main).toHaveCSS('direction', 'rtl');
    await expectNoAxeViolations(page);
  });
});

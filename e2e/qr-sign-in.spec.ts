import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { tabTo } from './support/keyboard';
import { demoAccounts, demoPassword, expectNoAxeViolations, signIn } from './support/portal';
import { expect, test, visitorAddressOf } from './support/visitor';

/**
 * Sign-in with a QR code, with two browsers: the one on the sign-in page (the test's `page`) and a
 * phone where a demo account is signed in. The link is read from the QR code's pixels, as a camera would.
 */

// By structure rather than by name, so the Arabic test finds it too (its name is checked in English).
const qrCode = (page: Page) => page.locator('section[aria-labelledby="qr-sign-in"] svg[role="img"]');

/**
 * Draws the QR code's SVG on a canvas in the page and decodes its pixels with jsQR. The page sends
 * one grey byte a pixel, base64-encoded: the RGBA pixels as a JSON array of numbers took more than
 * 8 seconds to cross from the page on a busy 2-core machine, longer than a poll waits.
 */
async function linkInQrCode(page: Page): Promise<string> {
  await expect(qrCode(page)).toBeVisible();
  const size = 300;
  const grey = await qrCode(page).evaluate(async (svg, size) => {
    const image = new Image();
    // The SVG carries its label in the page's language: URI-encoded, not base64 (Latin-1 only).
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0, size, size);
    const rgba = context.getImageData(0, 0, size, size).data;
    let bytes = '';
    for (let pixel = 0; pixel < rgba.length; pixel += 4) {
      const [red = 0, green = 0, blue = 0] = rgba.subarray(pixel, pixel + 3);
      bytes += String.fromCharCode(Math.round(0.299 * red + 0.587 * green + 0.114 * blue));
    }
    return btoa(bytes);
  }, size);
  const rgba = new Uint8ClampedArray(size * size * 4);
  Buffer.from(grey, 'base64').forEach((value, pixel) => {
    rgba.set([value, value, value, 255], pixel * 4);
  });
  const decoded = jsQR(rgba, size, size);
  if (!decoded) throw new Error('the QR code could not be read');
  return decoded.data;
}

/** A second device, signed in as a demo account, from an address of its own. */
async function signedInPhone(browser: Browser, options: BrowserContextOptions, label: string): Promise<Page> {
  const context = await browser.newContext({
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddressOf({ testId: `${label}-phone` }) },
  });
  const phone = await context.newPage();
  await phone.goto('/login');
  // By the fields' names: the Arabic test signs in with translated labels.
  await phone.locator('input[name="email"]').fill(demoAccounts.individual);
  await phone.locator('input[name="password"]').fill(demoPassword);
  await phone.locator('button[type="submit"]').click();
  await expect(phone).toHaveURL(/\/account/);
  return phone;
}

/** The number the waiting page tells the person to pick, read from its text. */
async function numberToPick(page: Page): Promise<number> {
  const sentence = page
    .getByRole('region', { name: 'Sign in from another device' })
    .getByText(/^Pick \d{2} on your other device$/);
  await expect(sentence).toBeVisible();
  return Number(/\d{2}/.exec((await sentence.textContent()) ?? '')?.[0]);
}

/** The approval page's number buttons: a group named by its question (checked in English). */
const numberChoices = (phone: Page) => phone.getByRole('group', { name: 'Which number does the other device show?' });

const signedInHere = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Your account' }));

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('a signed-in phone approves the code by keyboard, and the waiting browser is signed in', async ({
      page,
      browser,
      context,
      baseURL,
    }, testInfo) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/login');
      const panel = page.getByRole('region', { name: 'Sign in from another device' });
      await expect(panel.getByRole('img', { name: 'QR code for signing in from another device' })).toBeVisible();
      const link = await linkInQrCode(page);
      expect(link).toMatch(new RegExp(`^${baseURL}/qrcode-login/[0-9a-f-]{36}$`));
      await expect(panel.getByText(/^Valid for \d+ more seconds$/)).toBeVisible();
      const shown = await numberToPick(page);
      await expectNoAxeViolations(page);

      // Copy link, by keyboard.
      await tabTo(page, panel.getByRole('button', { name: 'Copy link' }), 40);
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('status')).toHaveText('Link copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      const phone = await signedInPhone(browser, { colorScheme }, testInfo.testId);
      await phone.goto(link);
      await expect(phone).toHaveTitle(/^Sign in with a QR code \| /);
      await expect(phone.getByText('Chrome', { exact: true })).toBeVisible();
      await expect(phone.getByText(/^2001:db8:[0-9a-f]+::\/48$/)).toBeVisible();
      await expectNoAxeViolations(phone);
      await expect(numberChoices(phone).getByRole('button')).toHaveCount(3);
      await tabTo(phone, numberChoices(phone).getByRole('button', { name: String(shown), exact: true }));
      await phone.keyboard.press('Enter');
      await expect(phone.getByRole('alert')).toContainText('Approved.');
      await expectNoAxeViolations(phone);

      // Within a second of the approval (and the page's own navigation).
      await signedInHere(page).toBeVisible({ timeout: 3000 });

      // The link is single use.
      await phone.goto(link);
      await expect(phone.getByRole('alert')).toContainText('This sign-in request has already been answered.');
      await phone.context().close();
    });
  });
}

test('declined on the phone; a visitor is first sent to sign in and back', async ({ page, browser }, testInfo) => {
  // A browser that refuses the clipboard: the page says so and offers the link to copy by hand.
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await page.goto('/login');
  const link = await linkInQrCode(page);
  const panel = page.getByRole('region', { name: 'Sign in from another device' });
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(panel.getByRole('status')).toHaveText('Your browser did not let us copy the link. Copy it from here:');
  await expect(panel.getByRole('textbox', { name: 'Sign-in link' })).toHaveValue(link);
  await expectNoAxeViolations(page);

  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddressOf({ testId: `${testInfo.testId}-phone` }) },
  });
  const phone = await context.newPage();
  await phone.goto(link);
  await phone.getByRole('link', { name: 'Sign in to continue' }).click();
  await expect(phone).toHaveURL(/\/login\?redirect=/);
  await signIn(phone, demoAccounts.individual, demoPassword);
  await expect(phone).toHaveURL(link);
  await phone.getByRole('button', { name: 'Decline' }).click();
  await expect(phone.getByRole('alert')).toContainText('Declined. The other device was not signed in.');

  await expect(page.getByRole('alert')).toContainText('The sign-in was declined on the other device.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Show a new QR code' }).click();
  expect(await linkInQrCode(page)).not.toBe(link);
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test('a wrong number refuses the sign-in on both devices', async ({ page, browser }, testInfo) => {
  await page.goto('/login');
  const link = await linkInQrCode(page);
  const shown = await numberToPick(page);
  const phone = await signedInPhone(browser, {}, testInfo.testId);
  await phone.goto(link);
  const wrong = numberChoices(phone)
    .getByRole('button')
    .filter({ hasNotText: new RegExp(`^${shown}$`) })
    .first();
  await wrong.click();
  await expect(phone.getByRole('alert')).toContainText(
    'That is not the number shown on the other device. The sign-in was refused; start again there.',
  );
  await expect(page.getByRole('alert')).toContainText('The sign-in was declined on the other device.');
  await expect(page).toHaveURL(/\/login/);
  await phone.context().close();
});

test('when its validity runs out the code is replaced, and the old one can no longer be approved', async ({
  page,
  browser,
}, testInfo) => {
  await page.clock.install();
  await page.goto('/login');
  const first = await linkInQrCode(page);
  const validitySeconds = await page.evaluate(
    () =>
      JSON.parse(document.querySelector('meta[name="portal-config"]')?.getAttribute('content') ?? '{}')
        .qrLoginValiditySeconds as number,
  );
  await page.clock.runFor(validitySeconds * 1000);
  await expect.poll(() => linkInQrCode(page)).not.toBe(first);

  const phone = await signedInPhone(browser, {}, testInfo.testId);
  await phone.goto(first);
  await expect(phone.getByRole('alert')).toContainText('This sign-in request has expired.');
  await expect(numberChoices(phone)).toHaveCount(0);
  await phone.context().close();
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the code and the approval page read right to left and pass axe-core', async ({ page, browser }, testInfo) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const link = await linkInQrCode(page);
    // By structure: the sentence around it is in Arabic.
    const shown = await page.locator('section[aria-labelledby="qr-sign-in"] strong').textContent();
    expect(shown).toMatch(/^\d{2}$/);
    await expectNoAxeViolations(page);

    const phone = await signedInPhone(browser, { locale: 'ar' }, testInfo.testId);
    await phone.goto(link);
    await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(phone.locator('dl')).toBeVisible();
    await expectNoAxeViolations(phone);
    // The buttons are named by their numbers, in every language.
    await phone
      .locator('section[aria-labelledby="qr-approval-title"] fieldset')
      .getByRole('button', { name: shown ?? '', exact: true })
      .click();
    await expect(page).toHaveURL(/\/account$/, { timeout: 5000 });
    await phone.context().close();
  });
});

import { expect, test } from '@playwright/test';

test.use({ locale: 'de-DE' });

test('the sign-in page arrives compressed, every chunk it preloads is fetched once, and nothing errs', async ({
  page,
}) => {
  const fetched = new Map<string, number>();
  const encodings = new Map<string, string | null>();
  page.on('request', (request) => fetched.set(request.url(), (fetched.get(request.url()) ?? 0) + 1));
  page.on('response', async (response) => {
    encodings.set(response.url(), await response.headerValue('content-encoding'));
  });
  // Console errors: a refusal of the strict CSP, or a failed request such as a 401 session check.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const origin = new URL(page.url()).origin;
  expect(encodings.get(`${origin}/login`)).toBe('br');
  const preloaded = await page
    .locator('link[rel="modulepreload"], link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  // The login route's own chunk and the German catalogue are announced by the page itself.
  expect(preloaded.some((href) => /\/assets\/login-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloaded.some((href) => /\/assets\/messages-[\w-]+\.js$/.test(href))).toBe(true);
  for (const href of preloaded) {
    // A chunk the page asks for after its first render (the passkey autofill's code) may still be
    // arriving: its answer's headers are read once they are in.
    await expect.poll(() => encodings.get(href), { message: href }).toBe('br');
    expect(fetched.get(href), href).toBe(1);
  }
  // The strict CSP refuses nothing the page needs, and the signed-out session check is no failure.
  expect(consoleErrors).toEqual([]);
});

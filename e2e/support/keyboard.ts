import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (at most `limit` times) until `target` has the focus, as someone without a mouse does. */
export async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with at most ${limit} presses of Tab`).toBeFocused({ timeout: 1 });
}

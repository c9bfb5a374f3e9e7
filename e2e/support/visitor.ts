import { createHash } from 'node:crypto';
import { test as base, type TestInfo } from '@playwright/test';

/**
 * The address a test's browser comes from, as the portal's reverse proxy reports it (the e2e portal
 * runs with TRUST_PROXY): one of the IPv6 documentation range per test. Each test is then a visitor
 * of its own, and the product's per-client limits (sign-ups an hour, code checks) apply to each as
 * they would to different people, rather than to the whole suite on one loopback address.
 */
export function visitorAddressOf(testInfo: Pick<TestInfo, 'testId'>): string {
  const hash = createHash('sha256').update(testInfo.testId).digest('hex');
  return `2001:db8:${hash.slice(0, 4)}:${hash.slice(4, 8)}::${hash.slice(8, 12)}`;
}

/** Playwright's `test`, with every request of the test (page and API) from the test's own address. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddressOf(testInfo) });
  },
});

export { expect } from '@playwright/test';

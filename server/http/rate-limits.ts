import type { RateLimiter, RateLimitRule } from '../services/rate-limit';
import { failures } from './errors';

/**
 * Refuses with 429 (and Retry-After) when any of the rules is spent for its subject; otherwise counts
 * the request against every one of them. Checked first and counted after, so a refused request
 * costs nothing.
 */
export async function spendRateLimits(
  rateLimiter: RateLimiter,
  rules: ReadonlyArray<readonly [RateLimitRule, string]>,
): Promise<void> {
  for (const [rule, subject] of rules) {
    const verdict = await rateLimiter.check(rule, subject);
    if (!verdict.allowed) throw failures.rateLimited(verdict.retryAfterSeconds);
  }
  for (const [rule, subject] of rules) await rateLimiter.count(rule, subject);
}

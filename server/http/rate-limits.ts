import type { RateLimiter, RateLimitRules } from '../services/rate-limit';
import { commonRefusals } from '../services/refusal';

/**
 * Takes a try under every rule before the work they guard, and refuses with 429 (and Retry-After)
 * when one is spent; a refused request costs nothing under the others.
 */
export async function spendRateLimits(rateLimiter: RateLimiter, rules: RateLimitRules): Promise<void> {
  const verdict = await rateLimiter.takeAll(rules);
  if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';
import { commonRefusals } from './refusal';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Rules with the subject each one counts (an address, an account, a client). */
export type RateLimitRules = ReadonlyArray<readonly [RateLimitRule, string]>;

/**
 * Fixed-window counters kept in the database, so every process behind a load balancer shares
 * them. A window is identified by its start; old windows are swept as new ones are written.
 */
export function createRateLimiter(db: Database, now: () => Date) {
  function windowOf(rule: RateLimitRule) {
    const windowMs = rule.windowSeconds * 1000;
    const start = Math.floor(now().getTime() / windowMs) * windowMs;
    return { start: new Date(start), end: new Date(start + windowMs) };
  }

  const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

  /**
   * Counts one try and tells whether it was within the limit, in one statement: however many
   * arrive at once, the database hands out each count once, so no more than `limit` are allowed.
   * Taken before the work it guards, never checked first and counted after.
   */
  async function take(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict> {
    const window = windowOf(rule);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: keyOf(rule, subject), windowStart: window.start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    if ((row?.count ?? 0) <= rule.limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.end.getTime() - now().getTime()) / 1000)),
    };
  }

  /** Gives back a try taken in the current window (where only failures count, a success does). */
  async function refund(rule: RateLimitRule, subject: string): Promise<void> {
    const window = windowOf(rule);
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, keyOf(rule, subject)), eq(rateLimits.windowStart, window.start)));
  }

  return {
    take,
    refund,

    /**
     * Takes a try under every rule, in order; at the first refusal gives back the tries this call
     * took, so a refused request costs nothing, and answers that refusal.
     */
    async takeAll(rules: RateLimitRules): Promise<RateLimitVerdict> {
      for (const [index, [rule, subject]] of rules.entries()) {
        const verdict = await take(rule, subject);
        if (!verdict.allowed) {
          for (const [takenRule, takenSubject] of rules.slice(0, index + 1)) await refund(takenRule, takenSubject);
          return verdict;
        }
      }
      return { allowed: true };
    },

    /** Gives back one try under every rule. */
    async refundAll(rules: RateLimitRules): Promise<void> {
      for (const [rule, subject] of rules) await refund(rule, subject);
    },

    /**
     * Runs the work that tries took; when it fails rather than answers (the password check was too
     * busy to run, say), the tries are given back, so nobody is locked out by the portal's load.
     */
    async givingBackOnFailure<T>(rules: RateLimitRules, work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (error) {
        for (const [rule, subject] of rules) await refund(rule, subject);
        throw error;
      }
    },

    /** Deletes windows that ended more than a day ago. */
    async sweep(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now().getTime() - 86_400_000)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Takes a try under every rule before the work they guard, and refuses (rate limited, with the
 * seconds to wait) when one is spent; a refused request costs nothing under the others.
 */
export async function spendRateLimits(rateLimiter: RateLimiter, rules: RateLimitRules): Promise<void> {
  const verdict = await rateLimiter.takeAll(rules);
  if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
}

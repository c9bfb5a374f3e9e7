import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

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

  return {
    /** Whether `subject` still has tries left under `rule`, without counting one. */
    async check(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict> {
      const window = windowOf(rule);
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, `${rule.name}:${subject}`), eq(rateLimits.windowStart, window.start)));
      if (!row || row.count < rule.limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.end.getTime() - now().getTime()) / 1000)),
      };
    },

    /** Counts one try against `subject`, atomically. */
    async count(rule: RateLimitRule, subject: string): Promise<void> {
      const window = windowOf(rule);
      await db
        .insert(rateLimits)
        .values({ key: `${rule.name}:${subject}`, windowStart: window.start, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        });
    },

    /**
     * Counts one try and tells whether it was within the limit, in one statement: however many
     * arrive at once, the database hands out each count once, so no more than `limit` are allowed.
     */
    async take(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict> {
      const window = windowOf(rule);
      const [row] = await db
        .insert(rateLimits)
        .values({ key: `${rule.name}:${subject}`, windowStart: window.start, count: 1 })
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
    },

    /** Deletes windows that ended more than a day ago. */
    async sweep(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now().getTime() - 86_400_000)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

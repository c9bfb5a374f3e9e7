import type { SessionClaims } from '../../contract/auth';

export type CachedSession = {
  sessionId: string;
  claims: SessionClaims;
  expiresAtMs: number;
  /** When this process last recorded the session's activity (sessions.ts writes it now and then). */
  lastActiveAtMs: number;
};

/**
 * Verified sessions of this process, by token, so a request costs neither a signature check nor a
 * query. Exact only while revocations reach it: the session service feeds it the database's
 * session_revoked notifications and its own revocations, and it holds nothing while the listener
 * is down. A read that raced with a revocation is not kept (see `generation`).
 */
export function createSessionCache(options: { maxEntries: number }) {
  const entries = new Map<string, CachedSession>();
  let listening = false;
  // Bumped by every revocation. A database read that started before a revocation may have seen the
  // session live; it is cached only if no revocation came between its start and its end.
  let generation = 0;

  function forgetWhere(matches: (entry: CachedSession) => boolean): void {
    generation += 1;
    for (const [token, entry] of entries) if (matches(entry)) entries.delete(token);
  }

  return {
    get(token: string, nowMs: number): CachedSession | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAtMs <= nowMs) {
        entries.delete(token);
        return undefined;
      }
      return entry;
    },

    /** The mark to pass to `keep` for a read that starts now. */
    mark(): number {
      return generation;
    },

    keep(token: string, entry: CachedSession, markAtReadStart: number): void {
      if (!listening || markAtReadStart !== generation) return;
      if (entries.size >= options.maxEntries) {
        // The oldest entry goes first; it is the nearest to expiring anyway.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, entry);
    },

    forgetSession(sessionId: string): void {
      forgetWhere((entry) => entry.sessionId === sessionId);
    },

    forgetUser(userId: string): void {
      forgetWhere((entry) => entry.claims.sub === userId);
    },

    forgetAll(): void {
      forgetWhere(() => true);
    },

    /** Revocations reach the cache from now on; reads begun while deaf are still not kept. */
    listening(): void {
      listening = true;
      generation += 1;
    },

    /** Revocations may be missed: keep nothing until `listening` again. */
    deaf(): void {
      listening = false;
      forgetWhere(() => true);
    },

    get size(): number {
      return entries.size;
    },
  };
}

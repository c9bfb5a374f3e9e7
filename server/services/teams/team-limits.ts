import { teamAddLimits } from '../../../contract/teams';
import type { Transaction } from '../billing/ledger-core';
import { createRateLimiter } from '../rate-limit';
import { commonRefusals } from '../refusal';

/**
 * The limits of one add (teamAddLimits), taken with the add's own transaction, after the admin
 * check (a stranger spends nothing) and before anything is looked up or written. Being part of the
 * transaction, a try stays spent only if the add commits: every refusal rolls it back with the
 * rest. The counter rows stay locked until then, so parallel adds count one after another and none
 * passes the limit. (The shared rate limiter could not be used inside: on PGlite, a statement
 * outside an open transaction waits for it to end.)
 */
export function teamAddLimiter(tx: Transaction, now: () => Date, teamId: number, email: string) {
  const limiter = createRateLimiter(tx, now);
  const rules = [
    [teamAddLimits.perTeam, String(teamId)],
    [teamAddLimits.perRecipient, email],
  ] as const;
  return {
    /** Refuses with 429 and Retry-After when either limit is spent. */
    async take(): Promise<void> {
      const verdict = await limiter.takeAll(rules);
      if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
    },
  };
}

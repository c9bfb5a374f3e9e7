import type { Transaction } from '../billing/ledger-core';
import { createRateLimiter, type RateLimitRule } from '../rate-limit';
import { commonRefusals } from '../refusal';

const day = 24 * 60 * 60;

/**
 * Adds and invitations (POST /api/subscription/{id}/team/member), each of which mails its address.
 * Only adds that go through count: a refusal (already a member or invited, in another team, no seat
 * left) mails nobody and gives its tries back.
 */
export const teamAddLimits = {
  /** Per team: enough to bring a whole team on board in a day, not to mail a list. */
  perTeam: { name: 'team-adds:team', limit: 50, windowSeconds: day },
  /**
   * Per address, whichever teams add it: a cancelled and repeated invitation, or two teams, still
   * reach the person; nobody's mailbox is flooded.
   */
  perRecipient: { name: 'team-adds:recipient', limit: 3, windowSeconds: day },
} satisfies Record<string, RateLimitRule>;

/**
 * The limits of one add, taken with the add's own transaction, after the admin check (a stranger
 * spends nothing) and before anything is looked up or written. Being part of the transaction, a
 * try stays spent only if the add commits: every refusal rolls it back with the rest. The counter
 * rows stay locked until then, so parallel adds count one after another and none passes the limit.
 * (The shared rate limiter could not be used inside: on PGlite, a statement outside an open
 * transaction waits for it to end.)
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
    /** For an add refused by an answer rather than a thrown failure (which rolls back). */
    giveBack: () => limiter.refundAll(rules),
  };
}

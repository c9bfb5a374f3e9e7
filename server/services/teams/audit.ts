import type { AuditKind } from '../../../contract/teams';
import { teamAuditEvents } from '../../db/schema';
import type { Transaction } from '../billing/ledger-core';

export type AuditActor = { userId: string; email: string } | null;

/**
 * Records a change to a team in its audit log, inside the transaction that makes the change, so the
 * log holds exactly what happened: a change that rolls back leaves no entry.
 */
export async function recordTeamEvent(
  tx: Transaction,
  event: {
    teamId: number;
    actor: AuditActor;
    kind: AuditKind;
    subject?: string | null;
    details?: Record<string, string | number | boolean | null>;
    at?: Date;
  },
): Promise<void> {
  await tx.insert(teamAuditEvents).values({
    teamId: event.teamId,
    kind: event.kind,
    actorId: event.actor?.userId ?? null,
    actorEmail: event.actor?.email ?? null,
    subject: event.subject ?? null,
    details: event.details ?? {},
    ...(event.at ? { at: event.at } : {}),
  });
}

import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import { toCsv } from '../../../contract/csv';
import { type AuditEvent, type AuditKind, type AuditPage, auditPageSize } from '../../../contract/teams';
import { teamAuditEvents } from '../../db/schema';
import type { Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { lockManagedTeam, type TeamDeps } from './team-access';

export type AuditFilters = { kind?: AuditKind; actor?: string };

type AuditRow = typeof teamAuditEvents.$inferSelect;

function filtersOf(teamId: number, filters: AuditFilters) {
  return and(
    eq(teamAuditEvents.teamId, teamId),
    filters.kind ? eq(teamAuditEvents.kind, filters.kind) : undefined,
    filters.actor ? eq(teamAuditEvents.actorEmail, filters.actor) : undefined,
  );
}

const newestFirst = [desc(teamAuditEvents.at), desc(teamAuditEvents.id)];

function eventOf(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    // recordTeamEvent writes only the contract's kinds.
    kind: row.kind as AuditKind,
    actor: row.actorEmail === null ? null : { userid: row.actorId ?? '', email: row.actorEmail },
    subject: row.subject,
    details: row.details,
  };
}

/** Runs `read` for the owner or an admin of the subscription's team (the lock is the access check). */
function asManager<T>(
  deps: TeamDeps,
  caller: Caller,
  referenceId: string,
  read: (tx: Transaction, teamId: number) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => read(tx, (await lockManagedTeam(tx, caller, referenceId)).teamId));
}

/** GET /api/subscription/{id}/team/audit: one page, newest first, and everyone who appears as an actor. */
export function auditPage(
  deps: TeamDeps,
  caller: Caller,
  referenceId: string,
  query: AuditFilters & { page: number },
): Promise<AuditPage> {
  return asManager(deps, caller, referenceId, async (tx, teamId) => {
    const where = filtersOf(teamId, query);
    const rows = await tx
      .select()
      .from(teamAuditEvents)
      .where(where)
      .orderBy(...newestFirst)
      .limit(auditPageSize)
      .offset((query.page - 1) * auditPageSize);
    const [total] = await tx.select({ count: count() }).from(teamAuditEvents).where(where);
    const actors = await tx
      .selectDistinct({ email: teamAuditEvents.actorEmail })
      .from(teamAuditEvents)
      .where(and(eq(teamAuditEvents.teamId, teamId), isNotNull(teamAuditEvents.actorEmail)))
      .orderBy(asc(teamAuditEvents.actorEmail));
    return {
      events: rows.map(eventOf),
      page: query.page,
      pageSize: auditPageSize,
      total: Number(total?.count ?? 0),
      actors: actors.flatMap(({ email }) => (email === null ? [] : [email])),
    };
  });
}

/** GET /api/subscription/{id}/team/audit.csv: every event the filters select, newest first. */
export function auditCsv(deps: TeamDeps, caller: Caller, referenceId: string, filters: AuditFilters) {
  return asManager(deps, caller, referenceId, async (tx, teamId) => {
    const rows = await tx
      .select()
      .from(teamAuditEvents)
      .where(filtersOf(teamId, filters))
      .orderBy(...newestFirst);
    const lines = [
      ['Time', 'Kind', 'Actor', 'Subject', 'Details'],
      ...rows.map((row) => [
        row.at.toISOString(),
        row.kind,
        row.actorEmail ?? '',
        row.subject ?? '',
        Object.keys(row.details).length > 0 ? JSON.stringify(row.details) : '',
      ]),
    ];
    return toCsv(lines);
  });
}

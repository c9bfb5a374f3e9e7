// @vitest-environment node
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { csvCell } from '../../contract/csv';
import { AuditPage, auditPageSize, TeamMessage } from '../../contract/teams';
import { teamAuditEvents } from '../../server/db/schema';
import { insertCatalogue } from './billing-fixtures';
import { startTestPortal, type TestPortal, testDate } from './support';
import { castWithTeam, type TeamCast } from './team-fixtures';

let portal: TestPortal;
let cast: TeamCast;
const startOfTests = testDate('2026-11-22T12:00:00Z');
const minute = 60_000;

/** 30 events: one a minute, oldest first, by the owner, then the admin, then the system (the period job). */
const seeded = Array.from({ length: 30 }, (_, index) => index);

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await castWithTeam(portal, 'audit');
  await portal.db.insert(teamAuditEvents).values(
    seeded.map((index) => {
      const actor = [cast.owner, cast.admin, null][index % 3] ?? null;
      return {
        teamId: cast.teamId,
        at: new Date(startOfTests.getTime() - (30 - index) * minute),
        kind: index % 2 === 0 ? 'memberAdded' : 'roleChanged',
        actorId: actor?.id ?? null,
        actorEmail: actor?.email ?? null,
        subject: `person${index}@audit.test`,
        details: (index % 2 === 0 ? { role: 'user' } : { from: 'user', to: 'admin' }) as Record<string, string>,
      };
    }),
  );
});
afterAll(() => portal.close());

const auditPath = (query = '') => `${api.subscriptionTeam(cast.referenceId)}/audit${query}`;
const csvPath = (query = '') => `${api.subscriptionTeam(cast.referenceId)}/audit.csv${query}`;

describe('GET /api/subscription/{id}/team/audit', () => {
  it('pages the log newest first, for the owner and an admin, with everyone who acted', async () => {
    for (const who of [cast.owner, cast.admin]) {
      const first = v.parse(AuditPage, (await portal.request(auditPath(), { cookie: who.cookie })).json);
      expect(first).toMatchObject({ page: 1, pageSize: auditPageSize, total: 30 });
      expect(first.events).toHaveLength(auditPageSize);
      expect(first.events[0]).toMatchObject({
        kind: 'roleChanged',
        subject: 'person29@audit.test',
        actor: null,
        details: { from: 'user', to: 'admin' },
        at: new Date(startOfTests.getTime() - minute).toISOString(),
      });
      expect(first.events[1]?.actor).toEqual({ userid: cast.admin.id, email: cast.admin.email });
      expect(first.actors).toEqual([cast.admin.email, cast.owner.email].sort());

      const second = v.parse(AuditPage, (await portal.request(auditPath('?page=2'), { cookie: who.cookie })).json);
      expect(second.events.map((event) => event.subject)).toEqual(
        [4, 3, 2, 1, 0].map((index) => `person${index}@audit.test`),
      );
      expect(second.events.at(-1)?.actor).toEqual({ userid: cast.owner.id, email: cast.owner.email });
      expect(second.events.at(-3)?.actor).toBeNull();
    }
  });

  it('filters by kind and by the acting person’s address', async () => {
    const byKind = v.parse(
      AuditPage,
      (await portal.request(auditPath('?kind=roleChanged'), { cookie: cast.owner.cookie })).json,
    );
    expect(byKind.total).toBe(15);
    expect(new Set(byKind.events.map((event) => event.kind))).toEqual(new Set(['roleChanged']));

    const query = `?kind=memberAdded&actor=${encodeURIComponent(cast.admin.email.toUpperCase())}`;
    const both = v.parse(AuditPage, (await portal.request(auditPath(query), { cookie: cast.owner.cookie })).json);
    // memberAdded: even indices; the admin: index % 3 === 1 → 4, 10, 16, 22, 28.
    expect(both.events.map((event) => event.subject)).toEqual(
      [28, 22, 16, 10, 4].map((index) => `person${index}@audit.test`),
    );
    expect(both.actors).toHaveLength(2);
  });

  it('records the team’s changes made through the API', async () => {
    await portal.request(api.renameTeam, {
      method: 'PUT',
      json: { teamId: cast.teamId, teamName: 'Audited' },
      cookie: cast.admin.cookie,
    });
    const page = v.parse(
      AuditPage,
      (await portal.request(auditPath('?kind=teamRenamed'), { cookie: cast.owner.cookie })).json,
    );
    expect(page.events).toEqual([
      expect.objectContaining({
        kind: 'teamRenamed',
        actor: { userid: cast.admin.id, email: cast.admin.email },
        subject: 'Audited',
        details: { from: 'Test team', to: 'Audited' },
      }),
    ]);
  });

  it('refuses a team user (403), a stranger (404) and bad filters (400)', async () => {
    const asUser = await portal.request(auditPath(), { cookie: cast.teamUser.cookie });
    expect(asUser.status).toBe(403);
    expect(asUser.json.message).toBe(TeamMessage.notAdmin);
    expect((await portal.request(auditPath(), { cookie: cast.stranger.cookie })).status).toBe(404);
    expect((await portal.request(auditPath('?kind=everything'), { cookie: cast.owner.cookie })).status).toBe(400);
    expect((await portal.request(auditPath('?page=0'), { cookie: cast.owner.cookie })).status).toBe(400);
  });
});

describe('GET /api/subscription/{id}/team/audit.csv', () => {
  it('exports every event the filters select as an attachment', async () => {
    const response = await portal.request(csvPath('?kind=memberAdded'), { cookie: cast.admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('Time,Kind,Actor,Subject,Details');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 15 + 1);
    expect(lines[1]).toBe(
      `${new Date(startOfTests.getTime() - 2 * minute).toISOString()},memberAdded,${cast.admin.email},person28@audit.test,"{""role"":""user""}"`,
    );
  });

  it('quotes cells per RFC 4180 and keeps spreadsheets from running what others typed as formulas', async () => {
    const team = await castWithTeam(portal, 'csv');
    const subjects = ['=HYPERLINK("http://evil.test","x")', '+1', '-2+3', '@SUM(A1)', 'Comma, "quote"\nnewline'];
    await portal.db.insert(teamAuditEvents).values(
      subjects.map((subject, index) => ({
        teamId: team.teamId,
        at: new Date(startOfTests.getTime() - (10 - index) * minute),
        kind: 'teamRenamed',
        subject,
      })),
    );
    const response = await portal.request(`${api.subscriptionTeam(team.referenceId)}/audit.csv`, {
      cookie: team.owner.cookie,
    });
    const cells = response.text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.slice(line.indexOf(',,') + 2));
    expect(cells).toEqual([
      '"Comma, ""quote""\nnewline",',
      "'@SUM(A1),",
      "'-2+3,",
      "'+1,",
      `"'=HYPERLINK(""http://evil.test"",""x"")",`,
    ]);

    expect(
      (await portal.request(`${api.subscriptionTeam(team.referenceId)}/audit.csv`, { cookie: team.teamUser.cookie }))
        .status,
    ).toBe(403);
    expect(
      (await portal.request(`${api.subscriptionTeam(team.referenceId)}/audit.csv`, { cookie: team.stranger.cookie }))
        .status,
    ).toBe(404);
  });

  it('guards the cells a spreadsheet would read as formulas, and only those', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('')).toBe('');
  });
});

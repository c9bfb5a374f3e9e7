// @vitest-environment node
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { teamAddLimits } from '../../contract/teams';
import { outbox, rateLimits, teamInvitations, users } from '../../server/db/schema';
import type { RateLimitRule } from '../../server/services/rate-limit';
import type { Person } from './billing-fixtures';
import { insertCatalogue } from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';
import { addMember, auditOf, castWithTeam, membersOf, newPerson, type TeamCast } from './team-fixtures';

/**
 * Team adds and invitations mail the address they name, so they are limited per team and per
 * address, taken after the admin check and before anything is written (issue 21).
 */

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
});
afterAll(() => portal.close());

/** Tries spent under a rule by a subject in the current window (no row: none). */
async function spent(rule: RateLimitRule, subject: string | number): Promise<number> {
  const rows = await portal.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `${rule.name}:${subject}`));
  return rows.reduce((sum, row) => sum + row.count, 0);
}

async function mailsTo(email: string) {
  return portal.db.select().from(outbox).where(eq(outbox.toAddress, email));
}

const cancelInvitation = (team: TeamCast, who: Person, email: string) =>
  portal.request(`${api.subscriptionTeam(team.referenceId)}/invitation/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    cookie: who.cookie,
  });

describe('adds per team', () => {
  it(`lets ${teamAddLimits.perTeam.limit} adds a day through, even sent at once; the rest get 429, change nothing, and another team is unaffected`, async () => {
    const busy = await castWithTeam(portal, 'busy-team', { quantity: 100 });
    const other = await castWithTeam(portal, 'other-team', { quantity: 10 });
    const extra = 5;
    const total = teamAddLimits.perTeam.limit + extra;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        addMember(portal, busy.owner, busy.referenceId, { email: `hire${index}@busy-team.test` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(teamAddLimits.perTeam.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.json.error).toBe(ErrorCode.rateLimited);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // A refused add leaves no account, invitation, mail or audit event behind.
    const refusedAddresses = answers.flatMap((answer, index) =>
      answer.status === 429 ? [`hire${index}@busy-team.test`] : [],
    );
    for (const email of refusedAddresses) {
      expect(await portal.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await portal.db.select().from(teamInvitations).where(eq(teamInvitations.email, email))).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
    }
    const audit = await auditOf(portal, busy.teamId);
    expect(audit.filter((event) => event.kind === 'memberInvited')).toHaveLength(teamAddLimits.perTeam.limit);
    expect(audit.some((event) => event.subject !== null && refusedAddresses.includes(event.subject))).toBe(false);
    expect(await membersOf(portal, busy.teamId)).toHaveLength(3 + teamAddLimits.perTeam.limit);

    // The admin is refused too (the limit is the team's), and another team adds as usual.
    const byAdmin = await addMember(portal, busy.admin, busy.referenceId, { email: 'late@busy-team.test' });
    expect(byAdmin.status).toBe(429);
    const elsewhere = await addMember(portal, other.owner, other.referenceId, { email: 'hire@other-team.test' });
    expect(elsewhere.json).toEqual({ success: true, outcome: 'invited' });
  });
});

describe('adds per address', () => {
  it(`mails one address at most ${teamAddLimits.perRecipient.limit} times a day, across teams`, async () => {
    const first = await castWithTeam(portal, 'first-team');
    const second = await castWithTeam(portal, 'second-team');
    const wanted = await newPerson(portal, 'wanted@recipient.test');
    const invite = (team: TeamCast) => addMember(portal, team.owner, team.referenceId, { email: wanted.email });

    expect((await invite(first)).json).toEqual({ success: true, outcome: 'invited' });
    expect((await invite(second)).json).toEqual({ success: true, outcome: 'invited' });
    expect((await cancelInvitation(first, first.owner, wanted.email)).status).toBe(204);
    expect((await invite(first)).json).toEqual({ success: true, outcome: 'invited' });
    expect(await mailsTo(wanted.email)).toHaveLength(teamAddLimits.perRecipient.limit);

    expect((await cancelInvitation(second, second.owner, wanted.email)).status).toBe(204);
    const refused = await invite(second);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe(ErrorCode.rateLimited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(wanted.email)).toHaveLength(teamAddLimits.perRecipient.limit);
    const live = await portal.db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, second.teamId), eq(teamInvitations.email, wanted.email)));
    expect(live.every((invitation) => invitation.canceledAt !== null)).toBe(true);

    // The second team's own limit is not spent by the refusal: it invites someone else.
    expect(await spent(teamAddLimits.perTeam, second.teamId)).toBe(1);
    const someoneElse = await addMember(portal, second.owner, second.referenceId, { email: 'else@recipient.test' });
    expect(someoneElse.json).toEqual({ success: true, outcome: 'invited' });
  });
});

describe('who spends a limit', () => {
  it('a stranger or a team user spends nothing; only an add that goes through counts, a refused one gives its try back', async () => {
    const team = await castWithTeam(portal, 'guarded-team');
    const email = 'target@guarded.test';
    for (let attempt = 0; attempt < teamAddLimits.perRecipient.limit + 1; attempt += 1) {
      expect((await addMember(portal, team.stranger, team.referenceId, { email })).status).toBe(404);
      expect((await addMember(portal, team.teamUser, team.referenceId, { email })).status).toBe(403);
    }
    expect(await spent(teamAddLimits.perTeam, team.teamId)).toBe(0);
    expect(await spent(teamAddLimits.perRecipient, email)).toBe(0);
    expect(await portal.db.select().from(rateLimits).where(like(rateLimits.key, '%target@guarded.test'))).toEqual([]);

    expect((await addMember(portal, team.owner, team.referenceId, { email })).json).toEqual({
      success: true,
      outcome: 'invited',
    });
    expect(await spent(teamAddLimits.perTeam, team.teamId)).toBe(1);
    expect(await spent(teamAddLimits.perRecipient, email)).toBe(1);

    // Already a member (409, thrown) and a person in another team (409 with isPaid, answered).
    expect((await addMember(portal, team.admin, team.referenceId, { email })).status).toBe(409);
    const elsewhere = await castWithTeam(portal, 'elsewhere-team');
    const taken = await addMember(portal, team.owner, team.referenceId, { email: elsewhere.teamUser.email });
    expect(taken.status).toBe(409);
    expect(taken.json.isPaid).toBe(false);
    expect(await spent(teamAddLimits.perTeam, team.teamId)).toBe(1);
    expect(await spent(teamAddLimits.perRecipient, email)).toBe(1);
    expect(await spent(teamAddLimits.perRecipient, elsewhere.teamUser.email)).toBe(0);
  });
});

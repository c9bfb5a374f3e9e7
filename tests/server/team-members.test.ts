// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { AddTeamMemberResponse, Team, TeamMemberConflict, TeamMessage } from '../../contract/teams';
import { apiKeys, teamInvitations, teamMembers, teams, users } from '../../server/db/schema';
import { insertCatalogue, insertSubscription } from './billing-fixtures';
import { reportedUsage } from './device-fixtures';
import { startTestPortal, type TestPortal, testDate } from './support';
import { addMember, auditOf, castWithTeam, membersOf, newPerson, type TeamCast } from './team-fixtures';

let portal: TestPortal;
let cast: TeamCast;

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await castWithTeam(portal, 'members');
});
afterAll(() => portal.close());

const teamPath = (referenceId: string) => api.subscriptionTeam(referenceId);

describe('GET /api/subscription/{id}/team', () => {
  it('shows the owner and the admins the members, their data use, invitations, keys and seats', async () => {
    await reportedUsage(portal, cast.teamUser.id, 3 * 1024 ** 3);
    await portal.db.insert(apiKeys).values({
      teamId: cast.teamId,
      createdBy: cast.admin.id,
      description: 'Encoder',
      prefix: 'bl_abc',
      keyHash: 'hash-of-a-key',
      allowedIps: ['192.0.2.0/24'],
      expiresAt: testDate('2027-11-22T12:00:00Z'),
    });

    for (const who of [cast.owner, cast.admin]) {
      const response = await portal.request(teamPath(cast.referenceId), { cookie: who.cookie });
      expect(response.status).toBe(200);
      const team = v.parse(Team, response.json);
      expect(team).toMatchObject({
        teamId: cast.teamId,
        name: 'Test team',
        seats: 10,
        seatsInUse: 3,
        maxMembers: null,
      });
      expect(team.teamMembers.map((member) => [member.email, member.role, member.isOwner])).toEqual([
        [cast.owner.email, 'admin', true],
        [cast.admin.email, 'admin', false],
        [cast.teamUser.email, 'user', false],
      ]);
      const user = team.teamMembers.find((member) => member.userid === cast.teamUser.id);
      expect(user).toMatchObject({ usageBytesThisPeriod: 3 * 1024 ** 3, usedGB: 3 });
      expect(team.apiKeys).toEqual([
        expect.objectContaining({
          description: 'Encoder',
          prefix: 'bl_abc',
          allowedIPs: ['192.0.2.0/24'],
          invalidated: false,
          role: 'user',
          userid: cast.admin.id,
          teamId: cast.teamId,
        }),
      ]);
      expect(team.associatedRouterSubContexts).toEqual([]);
    }
  });

  it('refuses a team user (403) and hides the team from a stranger and an unknown id (404)', async () => {
    const asUser = await portal.request(teamPath(cast.referenceId), { cookie: cast.teamUser.cookie });
    expect(asUser.status).toBe(403);
    expect(asUser.json.message).toBe(TeamMessage.notAdmin);
    const asStranger = await portal.request(teamPath(cast.referenceId), { cookie: cast.stranger.cookie });
    expect(asStranger.status).toBe(404);
    const unknown = await portal.request(teamPath('sub-unknown'), { cookie: cast.owner.cookie });
    expect(unknown.status).toBe(404);
    const signedOut = await portal.request(teamPath(cast.referenceId));
    expect(signedOut.status).toBe(401);
  });

  it('answers 400 for a subscription without a team', async () => {
    const personal = await insertSubscription(portal, { ownerId: cast.owner.id, planCode: 'personal-monthly' });
    const response = await portal.request(teamPath(personal.referenceId), { cookie: cast.owner.cookie });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(TeamMessage.notATeamPlan);
  });

  it('gives a families plan its most people', async () => {
    const family = await castWithTeam(portal, 'read-family', { planCode: 'families-monthly', quantity: 1 });
    const response = await portal.request(teamPath(family.referenceId), { cookie: family.owner.cookie });
    expect(v.parse(Team, response.json)).toMatchObject({ seats: 1, seatsInUse: 3, maxMembers: 6 });
  });
});

describe('POST /api/subscription/{id}/team/member', () => {
  it('creates an account for a new address without a password, adds it and mails a link to choose one', async () => {
    const email = 'new.member@members.test';
    const response = await addMember(portal, cast.owner, cast.referenceId, {
      email: 'New.Member@members.test',
      role: 'user',
      firstName: 'Nina',
      lastName: 'New',
    });
    expect(response.status).toBe(200);
    expect(v.parse(AddTeamMemberResponse, response.json).outcome).toBe('invited');
    const [user] = await portal.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    const member = (await membersOf(portal, cast.teamId)).find((row) => row.userId === user?.id);
    expect(member).toMatchObject({ role: 'user', firstName: 'Nina', lastName: 'New' });

    const mail = await portal.newestMailTo(email);
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)$/m.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeDefined();
    expect(mail?.textBody).toContain('7 days');
    const valid = await portal.request(`${api.resetPassword}/${token}`);
    expect(valid.json).toEqual({ valid: true, linkedProviders: [] });
    const chosen = await portal.request(api.resetPassword, { json: { token, password: 'a brand new passphrase' } });
    expect(chosen.status).toBe(200);
    await expect(portal.signIn(email, 'a brand new passphrase')).resolves.toMatch(/^portal_session=/);

    const [event] = (await auditOf(portal, cast.teamId)).filter((row) => row.subject === email);
    expect(event).toMatchObject({ kind: 'memberInvited', actorEmail: cast.owner.email, details: { role: 'user' } });
  });

  it('never lets the password an admin gives be a way in: the address’s owner proves it and chooses their own', async () => {
    const email = 'with.password@members.test';
    const response = await addMember(portal, cast.admin, cast.referenceId, {
      email,
      role: 'admin',
      password: 'the admin chose this one',
    });
    expect(response.json).toEqual({ success: true, outcome: 'invited' });
    const signInWithAdminsPassword = await portal.request(api.login, {
      json: { email, password: 'the admin chose this one' },
    });
    expect(signInWithAdminsPassword.status).toBe(401);
    const [pending] = await portal.db.select().from(users).where(eq(users.email, email));
    expect(pending).toMatchObject({ passwordHash: null, emailVerifiedAt: null });
    // The seat is held while the address waits for its owner.
    expect((await membersOf(portal, cast.teamId)).some((row) => row.userId === pending?.id)).toBe(true);

    const token = /\/password\/reset\/([A-Za-z0-9_-]+)$/m.exec((await portal.newestMailTo(email))?.textBody ?? '')?.[1];
    const chosen = await portal.request(api.resetPassword, { json: { token, password: 'my very own passphrase' } });
    expect(chosen.status).toBe(200);
    await expect(portal.signIn(email, 'my very own passphrase')).resolves.toMatch(/^portal_session=/);
    const [proved] = await portal.db.select().from(users).where(eq(users.email, email));
    expect(proved?.emailVerifiedAt).toEqual(portal.clock.current);
  });

  it('invites an address that has an account, in its language, and counts the invitation as a seat', async () => {
    const invitee = await newPerson(portal, 'already.has.account@members.test');
    await portal.db.update(users).set({ locale: 'de' }).where(eq(users.id, invitee.id));
    const before = v.parse(
      Team,
      (await portal.request(teamPath(cast.referenceId), { cookie: cast.owner.cookie })).json,
    );

    const response = await addMember(portal, cast.owner, cast.referenceId, { email: invitee.email, role: 'admin' });
    expect(response.json).toEqual({ success: true, outcome: 'invited' });

    const after = v.parse(Team, (await portal.request(teamPath(cast.referenceId), { cookie: cast.owner.cookie })).json);
    expect(after.seatsInUse).toBe(before.seatsInUse + 1);
    expect(after.pendingTeamInvitations).toContain(invitee.email);
    expect(after.invitations.find((invitation) => invitation.email === invitee.email)?.role).toBe('admin');
    const mail = await portal.newestMailTo(invitee.email);
    expect(mail?.subject).toBe(`Einladung in das Team Test team bei ${portal.env.productName}`);
    const [row] = await portal.db.select().from(teamInvitations).where(eq(teamInvitations.email, invitee.email));
    expect(mail?.textBody).not.toContain(row?.codeHash);
    expect((await auditOf(portal, cast.teamId)).at(-1)).toMatchObject({
      kind: 'memberInvited',
      subject: invitee.email,
    });

    const again = await addMember(portal, cast.admin, cast.referenceId, { email: invitee.email });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: ErrorCode.teamConflict, message: TeamMessage.alreadyInvited });
  });

  it('answers 409 for a member of this team', async () => {
    const response = await addMember(portal, cast.owner, cast.referenceId, { email: cast.teamUser.email });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ error: ErrorCode.teamConflict, message: TeamMessage.alreadyMember });
  });

  it('answers the spec’s 409 with isPaid for a person who pays for a subscription or belongs to another team', async () => {
    const payer = await newPerson(portal, 'payer@members.test');
    await insertSubscription(portal, { ownerId: payer.id, planCode: 'personal-monthly' });
    const paid = await addMember(portal, cast.owner, cast.referenceId, { email: payer.email });
    expect(paid.status).toBe(409);
    expect(v.parse(TeamMemberConflict, paid.json)).toEqual({
      error: ErrorCode.teamMemberConflict,
      message: TeamMessage.alreadyInAnotherTeam,
      isPaid: true,
    });

    const other = await castWithTeam(portal, 'other-team');
    const elsewhere = await addMember(portal, cast.owner, cast.referenceId, { email: other.teamUser.email });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.json).toEqual({
      error: ErrorCode.teamMemberConflict,
      message:
        'User is already a paid member or part of another team. Please contact support if you think this is incorrect',
      isPaid: false,
    });

    // A subscription that has expired is not paid for any more.
    const lapsed = await newPerson(portal, 'lapsed@members.test');
    await insertSubscription(portal, { ownerId: lapsed.id, planCode: 'personal-monthly', state: 'expired' });
    const invited = await addMember(portal, cast.owner, cast.referenceId, { email: lapsed.email });
    expect(invited.json).toEqual({ success: true, outcome: 'invited' });
  });

  it('lets no team user (403) or stranger (404) add anyone', async () => {
    const asUser = await addMember(portal, cast.teamUser, cast.referenceId, { email: 'by.user@members.test' });
    expect(asUser.status).toBe(403);
    expect(asUser.json.message).toBe(TeamMessage.notAdmin);
    const asStranger = await addMember(portal, cast.stranger, cast.referenceId, { email: 'by.stranger@members.test' });
    expect(asStranger.status).toBe(404);
    const created = await portal.db.select().from(users).where(eq(users.email, 'by.user@members.test'));
    expect(created).toEqual([]);
  });

  it('refuses an add when every seat is taken', async () => {
    const full = await castWithTeam(portal, 'full', { quantity: 3 });
    const response = await addMember(portal, full.owner, full.referenceId, { email: 'one.too.many@members.test' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: ErrorCode.teamRefused, message: TeamMessage.seatsFull });
    expect(await membersOf(portal, full.teamId)).toHaveLength(3);
  });

  it('refuses a families plan a person more than the plan holds', async () => {
    // Owner, admin and user, plus two: five of six; the sixth is an invitation, the seventh is refused.
    const family = await castWithTeam(portal, 'family', { planCode: 'families-monthly', quantity: 1 });
    for (const email of ['kid.one@members.test', 'kid.two@members.test']) {
      expect((await addMember(portal, family.owner, family.referenceId, { email })).json.outcome).toBe('invited');
    }
    const grandma = await newPerson(portal, 'grandma@members.test');
    expect((await addMember(portal, family.admin, family.referenceId, { email: grandma.email })).json.outcome).toBe(
      'invited',
    );
    const response = await addMember(portal, family.owner, family.referenceId, { email: 'kid.three@members.test' });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(TeamMessage.familyFull);
  });

  it('Concurrent adds never pass the limit', async () => {
    const busy = await castWithTeam(portal, 'concurrent', { quantity: 6 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        addMember(portal, index % 2 === 0 ? busy.owner : busy.admin, busy.referenceId, {
          email: `parallel${index}@members.test`,
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    const refused = responses.filter((response) => response.status === 400);
    expect(refused).toHaveLength(5);
    for (const response of refused) expect(response.json.message).toBe(TeamMessage.seatsFull);
    const team = v.parse(Team, (await portal.request(teamPath(busy.referenceId), { cookie: busy.owner.cookie })).json);
    expect(team.seatsInUse).toBe(6);
    expect(team.seatsInUse).toBeLessThanOrEqual(team.seats);
  });

  it('lets one of two teams that add the same new address at once have it, and tells the other why not', async () => {
    const first = await castWithTeam(portal, 'race-first');
    const second = await castWithTeam(portal, 'race-second');
    const email = 'wanted@members.test';
    const responses = await Promise.all([
      addMember(portal, first.owner, first.referenceId, { email }),
      addMember(portal, second.owner, second.referenceId, { email }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.status === 409);
    expect(v.parse(TeamMemberConflict, refused?.json)).toEqual({
      error: 'team_member_conflict',
      message: TeamMessage.alreadyInAnotherTeam,
      isPaid: false,
    });
    expect(await portal.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('DELETE /api/subscription/{id}/teamMember/{member}', () => {
  it('removes a member named by e-mail or by id, for the owner and an admin', async () => {
    const team = await castWithTeam(portal, 'removal');
    const extra = await addMember(portal, team.owner, team.referenceId, { email: 'leaving@members.test' });
    expect(extra.status).toBe(200);

    const byEmail = await portal.request(api.teamMember(team.referenceId, 'Leaving@members.test'), {
      method: 'DELETE',
      cookie: team.admin.cookie,
    });
    expect(byEmail.status).toBe(204);
    const byId = await portal.request(api.teamMember(team.referenceId, team.teamUser.id), {
      method: 'DELETE',
      cookie: team.owner.cookie,
    });
    expect(byId.status).toBe(204);
    expect((await membersOf(portal, team.teamId)).map((member) => member.userId).sort()).toEqual(
      [team.owner.id, team.admin.id].sort(),
    );
    const removals = (await auditOf(portal, team.teamId)).filter((row) => row.kind === 'memberRemoved');
    expect(removals.map((row) => [row.subject, row.actorEmail])).toEqual([
      ['leaving@members.test', team.admin.email],
      [team.teamUser.email, team.owner.email],
    ]);

    const again = await portal.request(api.teamMember(team.referenceId, team.teamUser.id), {
      method: 'DELETE',
      cookie: team.owner.cookie,
    });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(TeamMessage.memberNotFound);
    const nobody = await portal.request(api.teamMember(team.referenceId, 'nobody@members.test'), {
      method: 'DELETE',
      cookie: team.owner.cookie,
    });
    expect(nobody.status).toBe(404);
  });

  it('never removes the owner, whoever asks', async () => {
    for (const who of [cast.owner, cast.admin]) {
      for (const member of [cast.owner.id, cast.owner.email]) {
        const response = await portal.request(api.teamMember(cast.referenceId, member), {
          method: 'DELETE',
          cookie: who.cookie,
        });
        expect(response.status).toBe(400);
        expect(response.json.message).toBe(TeamMessage.ownerCannotBeRemoved);
      }
    }
  });

  it('lets no team user (403) or stranger (404) remove anyone', async () => {
    const asUser = await portal.request(api.teamMember(cast.referenceId, cast.admin.id), {
      method: 'DELETE',
      cookie: cast.teamUser.cookie,
    });
    expect(asUser.status).toBe(403);
    const asStranger = await portal.request(api.teamMember(cast.referenceId, cast.teamUser.id), {
      method: 'DELETE',
      cookie: cast.stranger.cookie,
    });
    expect(asStranger.status).toBe(404);
    expect((await membersOf(portal, cast.teamId)).map((member) => member.userId)).toEqual(
      expect.arrayContaining([cast.admin.id, cast.teamUser.id]),
    );
  });
});

describe('PUT /api/teams/members/update/role and /api/teams/rename', () => {
  const role = (who: { cookie: string }, body: unknown) =>
    portal.request(api.updateMemberRole, { method: 'PUT', json: body, cookie: who.cookie });
  const rename = (who: { cookie: string }, body: unknown) =>
    portal.request(api.renameTeam, { method: 'PUT', json: body, cookie: who.cookie });

  it('changes a member’s role, for the owner and an admin, and records from and to', async () => {
    const team = await castWithTeam(portal, 'roles');
    const promoted = await role(team.owner, { teamId: team.teamId, userid: team.teamUser.id, role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toEqual({ success: true });
    const demoted = await role(team.admin, { teamId: team.teamId, userid: team.teamUser.id, role: 'user' });
    expect(demoted.status).toBe(200);
    const changes = (await auditOf(portal, team.teamId)).filter((row) => row.kind === 'roleChanged');
    expect(changes.map((row) => [row.actorEmail, row.subject, row.details])).toEqual([
      [team.owner.email, team.teamUser.email, { from: 'user', to: 'admin' }],
      [team.admin.email, team.teamUser.email, { from: 'admin', to: 'user' }],
    ]);
  });

  it('never demotes the owner; refuses a team user (403), a stranger and an unknown team (404)', async () => {
    for (const who of [cast.owner, cast.admin]) {
      const response = await role(who, { teamId: cast.teamId, userid: cast.owner.id, role: 'user' });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(TeamMessage.ownerCannotBeDemoted);
    }
    const asUser = await role(cast.teamUser, { teamId: cast.teamId, userid: cast.teamUser.id, role: 'admin' });
    expect(asUser.status).toBe(403);
    const asStranger = await role(cast.stranger, { teamId: cast.teamId, userid: cast.teamUser.id, role: 'admin' });
    expect(asStranger.status).toBe(404);
    const unknownTeam = await role(cast.owner, { teamId: 999_999, userid: cast.teamUser.id, role: 'admin' });
    expect(unknownTeam.status).toBe(404);
    const notMember = await role(cast.owner, { teamId: cast.teamId, userid: cast.stranger.id, role: 'admin' });
    expect(notMember.status).toBe(404);
    expect(notMember.json.message).toBe(TeamMessage.memberNotFound);
    const [user] = await portal.db.select().from(teamMembers).where(eq(teamMembers.userId, cast.teamUser.id));
    expect(user?.role).toBe('user');
  });

  it('renames the team, for the owner and an admin, and no one else', async () => {
    const team = await castWithTeam(portal, 'rename');
    expect((await rename(team.owner, { teamId: team.teamId, teamName: '  Night shift ' })).json).toEqual({
      success: true,
    });
    expect((await rename(team.admin, { teamId: team.teamId, teamName: 'Day shift' })).status).toBe(200);
    expect((await rename(team.teamUser, { teamId: team.teamId, teamName: 'Mine' })).status).toBe(403);
    expect((await rename(team.stranger, { teamId: team.teamId, teamName: 'Mine' })).status).toBe(404);
    expect((await rename(team.owner, { teamId: 999_999, teamName: 'Mine' })).status).toBe(404);
    const empty = await rename(team.owner, { teamId: team.teamId, teamName: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain(TeamMessage.teamNameRequired);
    const [row] = await portal.db.select().from(teams).where(eq(teams.id, team.teamId));
    expect(row?.name).toBe('Day shift');
    const renames = (await auditOf(portal, team.teamId)).filter((event) => event.kind === 'teamRenamed');
    expect(renames.map((event) => event.details)).toEqual([
      { from: 'Test team', to: 'Night shift' },
      { from: 'Night shift', to: 'Day shift' },
    ]);
  });
});

describe('what an add tells the admin (issue 21)', () => {
  it('answers alike for a new address and an existing account, and lists both as invited until they act', async () => {
    const existing = await newPerson(portal, 'someone.with.account@members.test');
    const fresh = 'no.account.yet@members.test';
    const toExisting = await addMember(portal, cast.admin, cast.referenceId, { email: existing.email });
    const toFresh = await addMember(portal, cast.admin, cast.referenceId, { email: fresh });
    expect(toExisting.json).toEqual(toFresh.json);
    expect(toFresh.json).toEqual({ success: true, outcome: 'invited' });

    const read = async () =>
      v.parse(Team, (await portal.request(teamPath(cast.referenceId), { cookie: cast.admin.cookie })).json);
    const team = await read();
    expect(team.teamMembers.map((member) => member.email)).not.toContain(fresh);
    expect(team.pendingTeamInvitations).toEqual(expect.arrayContaining([existing.email, fresh]));
    expect(team.invitations.find((invitation) => invitation.email === fresh)).toMatchObject({ role: 'user' });

    // Added again, both are "already invited", whichever had an account.
    for (const email of [existing.email, fresh]) {
      const again = await addMember(portal, cast.admin, cast.referenceId, { email });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ message: TeamMessage.alreadyInvited });
    }

    // Once the address's owner chooses a password (and so proves it), they are a member.
    const mail = await portal.newestMailTo(fresh);
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)$/m.exec(mail?.textBody ?? '')?.[1];
    await portal.request(api.resetPassword, { json: { token, password: 'a passphrase of my own' } });
    const after = await read();
    expect(after.teamMembers.map((member) => member.email)).toContain(fresh);
    expect(after.pendingTeamInvitations).not.toContain(fresh);
  });

  it('cancels a new address like an invitation: the seat, the membership and the unused account go', async () => {
    const fresh = 'changed.my.mind@members.test';
    await addMember(portal, cast.owner, cast.referenceId, { email: fresh });
    const before = v.parse(
      Team,
      (await portal.request(teamPath(cast.referenceId), { cookie: cast.owner.cookie })).json,
    );
    const canceled = await portal.request(`${teamPath(cast.referenceId)}/invitation/${encodeURIComponent(fresh)}`, {
      method: 'DELETE',
      cookie: cast.owner.cookie,
    });
    expect(canceled.status).toBeLessThan(300);
    const after = v.parse(Team, (await portal.request(teamPath(cast.referenceId), { cookie: cast.owner.cookie })).json);
    expect(after.seatsInUse).toBe(before.seatsInUse - 1);
    expect(after.pendingTeamInvitations).not.toContain(fresh);
    expect(await portal.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
    const [event] = (await auditOf(portal, cast.teamId)).filter(
      (row) => row.subject === fresh && row.kind === 'invitationCanceled',
    );
    expect(event).toBeDefined();
  });
});

// @vitest-environment node
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import {
  AcceptInvitationResponse,
  AuditPage,
  invitationLifetimeSeconds,
  Team,
  TeamMessage,
} from '../../contract/teams';
import { teamInvitations } from '../../server/db/schema';
import { demoAccounts, demoInvitationCode, demoPassword, seedDemoAccounts } from '../../server/db/seed-demo';
import { insertCatalogue, insertSubscription, type Person, password } from './billing-fixtures';
import { startTestPortal, type TestPortal, testDate } from './support';
import {
  acceptInvitation,
  addMember,
  auditOf,
  castWithTeam,
  invitationCodeMailedTo,
  membersOf,
  newPerson,
  type TeamCast,
} from './team-fixtures';

let portal: TestPortal;
let cast: TeamCast;
const startOfTests = testDate('2026-11-22T12:00:00Z');

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await castWithTeam(portal, 'invitations', { quantity: 50 });
});
afterEach(() => {
  portal.clock.current = startOfTests;
});
afterAll(() => portal.close());

let people = 0;
/** Someone with an account, invited to the cast's team by its owner: the person and the code mailed to them. */
async function invited(role: 'admin' | 'user' = 'user') {
  const person = await newPerson(portal, `invitee${++people}@invitations.test`);
  const response = await addMember(portal, cast.owner, cast.referenceId, {
    email: person.email,
    role,
    firstName: 'Ivy',
    lastName: `Invitee ${people}`,
  });
  expect(response.json).toEqual({ success: true, outcome: 'invited' });
  return { person, code: await invitationCodeMailedTo(portal, person.email) };
}

async function invitationOf(email: string) {
  const rows = await portal.db.select().from(teamInvitations).where(eq(teamInvitations.email, email));
  return rows.at(-1);
}

const isMember = async (person: Person) =>
  (await membersOf(portal, cast.teamId)).some((member) => member.userId === person.id);

const cancel = (who: Person, email: string) =>
  portal.request(`${api.subscriptionTeam(cast.referenceId)}/invitation/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    cookie: who.cookie,
  });

describe('POST /api/teams/invitation', () => {
  it('joins the invited person, with the invited role and names, once', async () => {
    const { person, code } = await invited('admin');
    const mail = await portal.newestMailTo(person.email);
    expect(mail?.textBody).toContain(`${portal.env.publicOrigin}/team-accept-invitation?code=${code}`);
    expect(mail?.htmlBody).toContain(`/team-accept-invitation?code=${code}`);
    // Only the code's hash is kept.
    const stored = await invitationOf(person.email);
    expect(stored?.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(stored?.expiresAt.getTime()).toBe(startOfTests.getTime() + invitationLifetimeSeconds * 1000);

    const response = await acceptInvitation(portal, person, code);
    expect(response.status).toBe(200);
    expect(v.parse(AcceptInvitationResponse, response.json)).toEqual({
      success: true,
      teamId: cast.teamId,
      teamName: 'Test team',
      referenceId: cast.referenceId,
    });
    const member = (await membersOf(portal, cast.teamId)).find((row) => row.userId === person.id);
    expect(member).toMatchObject({ role: 'admin', firstName: 'Ivy', lastName: `Invitee ${people}` });
    expect((await invitationOf(person.email))?.acceptedAt).toEqual(startOfTests);
    expect((await auditOf(portal, cast.teamId)).at(-1)).toMatchObject({
      kind: 'invitationAccepted',
      actorEmail: person.email,
      subject: person.email,
      details: { role: 'admin' },
    });
    const team = v.parse(
      Team,
      (await portal.request(api.subscriptionTeam(cast.referenceId), { cookie: cast.owner.cookie })).json,
    );
    expect(team.pendingTeamInvitations).not.toContain(person.email);
    expect(team.teamMembers.map((row) => row.email)).toContain(person.email);

    const again = await acceptInvitation(portal, person, code);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: ErrorCode.invitationRefused, message: TeamMessage.invitationUsed });
  });

  it('refuses another person’s session and changes nothing; the invited person may still accept', async () => {
    const { person, code } = await invited();
    const response = await acceptInvitation(portal, cast.stranger, code);
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(TeamMessage.invitationForAnotherAddress);
    expect(await isMember(cast.stranger)).toBe(false);
    expect((await invitationOf(person.email))?.acceptedAt).toBeNull();

    expect((await acceptInvitation(portal, person, code)).status).toBe(200);
  });

  it('lets only one of two accepts at the same time through', async () => {
    const { person, code } = await invited();
    const responses = await Promise.all([
      acceptInvitation(portal, person, code),
      acceptInvitation(portal, person, code),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await membersOf(portal, cast.teamId)).filter((member) => member.userId === person.id)).toHaveLength(1);
  });

  it('refuses a code after seven days, and a new invitation then replaces it', async () => {
    const { person, code } = await invited();
    portal.clock.current = new Date(startOfTests.getTime() + invitationLifetimeSeconds * 1000 + 1000);
    const later = { ...person, cookie: await portal.signIn(person.email, password) };
    const expired = await acceptInvitation(portal, later, code);
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe(TeamMessage.invitationExpired);
    expect(await isMember(person)).toBe(false);

    const owner = { ...cast.owner, cookie: await portal.signIn(cast.owner.email, password) };
    expect((await addMember(portal, owner, cast.referenceId, { email: person.email })).json.outcome).toBe('invited');
    const newCode = await invitationCodeMailedTo(portal, person.email);
    expect(newCode).not.toBe(code);
    expect((await acceptInvitation(portal, later, code)).json.message).toBe(TeamMessage.invitationCanceled);
    expect((await acceptInvitation(portal, later, newCode)).status).toBe(200);
  });

  it('refuses an unknown or empty code, and a person who is not signed in', async () => {
    const unknown = await acceptInvitation(portal, cast.stranger, 'no-such-code');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ error: ErrorCode.invitationRefused, message: TeamMessage.invitationInvalid });
    const empty = await acceptInvitation(portal, cast.stranger, '  ');
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe(ErrorCode.validation);
    const { code } = await invited();
    const signedOut = await portal.request(api.acceptInvitation, { json: { confirmationCode: code } });
    expect(signedOut.status).toBe(401);
  });

  it('checks the spec’s rule again when the code is used: a person who pays or joined another team meanwhile', async () => {
    const { person, code } = await invited();
    await insertSubscription(portal, { ownerId: person.id, planCode: 'personal-monthly' });
    const paid = await acceptInvitation(portal, person, code);
    expect(paid.status).toBe(409);
    expect(paid.json).toEqual({
      error: ErrorCode.teamMemberConflict,
      message: TeamMessage.alreadyInAnotherTeam,
      isPaid: true,
    });
    expect(await isMember(person)).toBe(false);

    const second = await invited();
    const other = await castWithTeam(portal, 'elsewhere');
    // A minute on, so the newest mail to the address is the other team's invitation.
    portal.clock.current = new Date(startOfTests.getTime() + 60_000);
    await addMember(portal, other.owner, other.referenceId, { email: second.person.email });
    await acceptInvitation(portal, second.person, await invitationCodeMailedTo(portal, second.person.email));
    const elsewhere = await acceptInvitation(portal, second.person, second.code);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.json).toMatchObject({ error: ErrorCode.teamMemberConflict, isPaid: false });
  });
});

describe('DELETE /api/subscription/{id}/team/invitation/{email}', () => {
  it('cancels a pending invitation for the owner or an admin; its code then says so', async () => {
    const first = await invited();
    const second = await invited();
    expect((await cancel(cast.owner, first.person.email)).status).toBe(204);
    expect((await cancel(cast.admin, second.person.email.toUpperCase())).status).toBe(204);

    const canceled = await acceptInvitation(portal, first.person, first.code);
    expect(canceled.status).toBe(400);
    expect(canceled.json.message).toBe(TeamMessage.invitationCanceled);
    const events = (await auditOf(portal, cast.teamId)).filter((row) => row.kind === 'invitationCanceled');
    expect(events.slice(-2).map((row) => [row.actorEmail, row.subject])).toEqual([
      [cast.owner.email, first.person.email],
      [cast.admin.email, second.person.email],
    ]);

    const again = await cancel(cast.owner, first.person.email);
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(TeamMessage.invitationNotFound);
  });

  it('lets no team user (403) or stranger (404) cancel one', async () => {
    const { person } = await invited();
    const asUser = await cancel(cast.teamUser, person.email);
    expect(asUser.status).toBe(403);
    expect(asUser.json.message).toBe(TeamMessage.notAdmin);
    expect((await cancel(cast.stranger, person.email)).status).toBe(404);
    expect((await invitationOf(person.email))?.canceledAt).toBeNull();
  });
});

describe('the demo team', () => {
  it('shows its members’ data use, the new hire’s pending invitation and its history; the new hire can accept', async () => {
    const demo = await startTestPortal();
    try {
      await seedDemoAccounts(demo.db, () => demo.clock.current);
      const owner = await demo.signIn(demoAccounts.teamOwner, demoPassword);
      const team = v.parse(
        Team,
        (await demo.request(api.subscriptionTeam('demo-teams-yearly'), { cookie: owner })).json,
      );
      expect(team).toMatchObject({ name: 'Northwind Broadcast', seats: 10, seatsInUse: 4 });
      // Data used is what their devices reported this period (tests/server/data-used.test.ts): the
      // demo seed's weeks of usage, for each of them.
      expect(team.teamMembers.map((member) => member.email)).toEqual([
        demoAccounts.teamOwner,
        demoAccounts.teamAdmin,
        demoAccounts.teamUser,
      ]);
      for (const member of team.teamMembers) {
        expect(member.usageBytesThisPeriod).toBeGreaterThan(0);
        expect(member.usedGB).toBe(member.usageBytesThisPeriod / 1024 ** 3);
      }
      expect(team.pendingTeamInvitations).toEqual([demoAccounts.newHire]);
      const log = v.parse(
        AuditPage,
        (await demo.request(`${api.subscriptionTeam('demo-teams-yearly')}/audit`, { cookie: owner })).json,
      );
      // The demo keys' own entries are checked by demo-keys-and-servers.test.ts.
      const memberEvents = log.events.filter((event) => !event.kind.startsWith('apiKey'));
      expect(memberEvents.map((event) => event.kind)).toEqual([
        'memberInvited',
        'memberAdded',
        'seatsChanged',
        'roleChanged',
        'memberAdded',
      ]);

      const newHire = {
        id: '',
        email: demoAccounts.newHire,
        cookie: await demo.signIn(demoAccounts.newHire, demoPassword),
      };
      const accepted = await acceptInvitation(demo, newHire, demoInvitationCode);
      expect(accepted.json).toMatchObject({ success: true, teamName: 'Northwind Broadcast' });
    } finally {
      await demo.close();
    }
  });
});

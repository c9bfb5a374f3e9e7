import { asc, eq } from 'drizzle-orm';
import { api } from '../../contract/api';
import { teamAuditEvents, teamMembers } from '../../server/db/schema';
import { createCast, insertSubscription, type Person, password } from './billing-fixtures';
import type { TestPortal } from './support';

/**
 * Fixtures of the team tests: a cast (owner, admin, team user, stranger) around a subscription of
 * its own team, the calls of the members' API, and what the outbox and the audit log hold.
 */

export async function castWithTeam(
  portal: TestPortal,
  label: string,
  { planCode = 'teams-monthly', quantity = 10 }: { planCode?: string; quantity?: number } = {},
) {
  const cast = await createCast(portal, label);
  const subscription = await insertSubscription(portal, {
    ownerId: cast.owner.id,
    teamId: cast.teamId,
    planCode,
    quantity,
    billingAccountCode: cast.accountCode,
  });
  return { ...cast, referenceId: subscription.referenceId, subscription };
}

export type TeamCast = Awaited<ReturnType<typeof castWithTeam>>;

/** A signed-in person with an account and nothing else. */
export async function newPerson(portal: TestPortal, email: string): Promise<Person> {
  const user = await portal.createUser(email, password);
  return { id: user.id, email, cookie: await portal.signIn(email, password) };
}

export function addMember(
  portal: TestPortal,
  who: Person,
  referenceId: string,
  body: { email: string; role?: 'admin' | 'user'; firstName?: string; lastName?: string; password?: string },
) {
  return portal.request(`${api.subscriptionTeam(referenceId)}/member`, {
    json: { role: 'user', ...body },
    cookie: who.cookie,
  });
}

export function acceptInvitation(portal: TestPortal, who: Person, confirmationCode: string) {
  return portal.request(api.acceptInvitation, { json: { confirmationCode }, cookie: who.cookie });
}

/** The code of the newest invitation mailed to an address, from the link in its plain-text body. */
export async function invitationCodeMailedTo(portal: TestPortal, email: string): Promise<string> {
  const mail = await portal.newestMailTo(email);
  const code = /\/team-accept-invitation\?code=([A-Za-z0-9_-]+)$/m.exec(mail?.textBody ?? '')?.[1];
  if (!code) throw new Error(`no invitation mailed to ${email}`);
  return code;
}

export async function membersOf(portal: TestPortal, teamId: number) {
  return portal.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
}

/** The audit events of a team, oldest first. */
export async function auditOf(portal: TestPortal, teamId: number) {
  return portal.db
    .select()
    .from(teamAuditEvents)
    .where(eq(teamAuditEvents.teamId, teamId))
    .orderBy(asc(teamAuditEvents.id));
}

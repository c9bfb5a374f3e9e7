import { eq, inArray, or } from 'drizzle-orm';
import type { AccountUser, Subscription } from '../../contract/account';
import type { Database } from '../db/database';
import { devices, servers, subscriptions, teamMembers, teams, users } from '../db/schema';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/**
 * The dashboard's view of one account (spec sections 3 and 7): the subscriptions the user owns or
 * belongs to through a team, their devices, servers and data use. Nothing of anyone else's.
 */
export async function accountUserOf(db: Database, userId: string): Promise<AccountUser | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;

  const memberships = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role, teamName: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  const teamIds = memberships.map((membership) => membership.teamId);

  const subscriptionRows = await db
    .select({ subscription: subscriptions, ownerEmail: users.email, teamName: teams.name })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.ownerId))
    .leftJoin(teams, eq(teams.id, subscriptions.teamId))
    .where(
      teamIds.length > 0
        ? or(eq(subscriptions.ownerId, userId), inArray(subscriptions.teamId, teamIds))
        : eq(subscriptions.ownerId, userId),
    )
    .orderBy(subscriptions.createdAt);

  const deviceRows = await db.select().from(devices).where(eq(devices.userId, userId)).orderBy(devices.name);
  const serverRows = await db.select().from(servers).where(eq(servers.ownerId, userId)).orderBy(servers.name);

  return {
    success: true,
    userid: user.id,
    email: user.email,
    title: user.title,
    licenses: subscriptionRows.reduce(
      (seats, row) => seats + (row.subscription.active ? row.subscription.quantity : 0),
      0,
    ),
    activeDevices: deviceRows.map((device) => ({
      deviceUuid: device.deviceUuid,
      name: device.name,
      lastSeen: device.lastSeenAt.toISOString(),
    })),
    servers: serverRows.map((server) => ({ serverId: server.id, name: server.name, teamId: server.teamId ?? -1 })),
    availableDeviceLimit: user.availableDeviceLimit,
    recurlyAccountCode: user.recurlyAccountCode,
    subscriptions: subscriptionRows.map(({ subscription, ownerEmail, teamName }): Subscription => {
      const membership = memberships.find((candidate) => candidate.teamId === subscription.teamId);
      return {
        referenceId: subscription.referenceId,
        type: subscription.type,
        active: subscription.active,
        productName: subscription.productName,
        planCode: subscription.planCode,
        quantity: subscription.quantity,
        ownerEmail,
        blackfriday24Eligible: subscription.blackfriday24Eligible,
        upgradeDetails: { upgradeOptions: subscription.upgradeOptions },
        team:
          subscription.teamId === null
            ? null
            : { teamId: subscription.teamId, name: teamName ?? '', role: membership?.role ?? null },
      };
    }),
    freeLicenseDataGB: user.freeLicenseDataGb,
    usedDataGB: user.usedDataGb,
  };
}

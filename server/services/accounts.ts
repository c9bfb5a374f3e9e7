import { eq, sql } from 'drizzle-orm';
import type { AccountUser, Subscription } from '../../contract/account';
import type { Database } from '../db/database';
import { users } from '../db/schema';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** What account_overview() (migration 0008) answers: the user's row with its lists, as JSON. */
type AccountOverview = {
  id: string;
  email: string;
  title: string | null;
  availableDeviceLimit: number;
  recurlyAccountCode: string | null;
  freeLicenseDataGb: number;
  usedDataGb: number;
  subscriptions: {
    referenceId: string;
    type: Subscription['type'];
    active: boolean;
    productName: string;
    planCode: string;
    quantity: number;
    ownerEmail: string;
    blackfriday24Eligible: boolean;
    upgradeOptions: { hash: string }[];
    teamId: number | null;
    teamName: string | null;
    role: 'admin' | 'user' | null;
  }[];
  devices: { deviceUuid: string; name: string; lastSeenAt: string }[];
  servers: { serverId: string; name: string; teamId: number | null }[];
};

/**
 * The dashboard's view of one account (spec sections 3 and 7): the subscriptions the user owns or
 * belongs to through a team, their devices, servers and data use. Nothing of anyone else's.
 */
export async function accountUserOf(db: Database, userId: string): Promise<AccountUser | null> {
  // One round trip; the database function reuses its plan (see the migration). Both drivers
  // answer `execute` with the rows under `rows`.
  const result = (await db.execute(sql`select account_overview(${userId}) as account`)) as unknown as {
    rows: { account: AccountOverview | null }[];
  };
  const account = result.rows[0]?.account;
  if (!account) return null;
  return {
    success: true,
    userid: account.id,
    email: account.email,
    title: account.title,
    licenses: account.subscriptions.reduce(
      (seats, subscription) => seats + (subscription.active ? subscription.quantity : 0),
      0,
    ),
    activeDevices: account.devices.map((device) => ({
      deviceUuid: device.deviceUuid,
      name: device.name,
      lastSeen: new Date(device.lastSeenAt).toISOString(),
    })),
    servers: account.servers.map((server) => ({
      serverId: server.serverId,
      name: server.name,
      teamId: server.teamId ?? -1,
    })),
    availableDeviceLimit: account.availableDeviceLimit,
    recurlyAccountCode: account.recurlyAccountCode,
    subscriptions: account.subscriptions.map(
      (subscription): Subscription => ({
        referenceId: subscription.referenceId,
        type: subscription.type,
        active: subscription.active,
        productName: subscription.productName,
        planCode: subscription.planCode,
        quantity: subscription.quantity,
        ownerEmail: subscription.ownerEmail,
        blackfriday24Eligible: subscription.blackfriday24Eligible,
        upgradeDetails: { upgradeOptions: subscription.upgradeOptions },
        team:
          subscription.teamId === null
            ? null
            : { teamId: subscription.teamId, name: subscription.teamName ?? '', role: subscription.role },
      }),
    ),
    freeLicenseDataGB: account.freeLicenseDataGb,
    usedDataGB: account.usedDataGb,
  };
}

import { eq, sql } from 'drizzle-orm';
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

type SubscriptionRow = {
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
};
type DeviceRow = { deviceUuid: string; name: string; lastSeenAt: string };
type ServerRow = { serverId: string; name: string; teamId: number | null };

/**
 * The account in one round trip: the user's row with its subscriptions (owned, or reached through a
 * team), devices and servers aggregated as JSON by the database. Prepared once per database.
 */
function prepareAccountQuery(db: Database) {
  // Qualified: Drizzle writes a one-table query's own columns unqualified, which the subqueries' joins would make ambiguous.
  const accountId = sql`${users}.${sql.identifier('id')}`;
  const subscriptionList = sql<SubscriptionRow[]>`(
    select coalesce(json_agg(json_build_object(
      'referenceId', s.reference_id, 'type', s.type, 'active', s.active,
      'productName', s.product_name, 'planCode', s.plan_code, 'quantity', s.quantity,
      'ownerEmail', owner.email, 'blackfriday24Eligible', s.blackfriday24_eligible,
      'upgradeOptions', s.upgrade_options, 'teamId', s.team_id, 'teamName', t.name, 'role', m.role
    ) order by s.created_at), '[]'::json)
    from ${subscriptions} s
    join ${users} owner on owner.id = s.owner_id
    left join ${teams} t on t.id = s.team_id
    left join ${teamMembers} m on m.team_id = s.team_id and m.user_id = ${accountId}
    where s.owner_id = ${accountId}
       or s.team_id in (select team_id from ${teamMembers} where user_id = ${accountId})
  )`;
  const deviceList = sql<DeviceRow[]>`(
    select coalesce(json_agg(json_build_object(
      'deviceUuid', d.device_uuid, 'name', d.name, 'lastSeenAt', d.last_seen_at
    ) order by d.name), '[]'::json)
    from ${devices} d where d.user_id = ${accountId}
  )`;
  const serverList = sql<ServerRow[]>`(
    select coalesce(json_agg(json_build_object(
      'serverId', srv.id, 'name', srv.name, 'teamId', srv.team_id
    ) order by srv.name), '[]'::json)
    from ${servers} srv where srv.owner_id = ${accountId}
  )`;
  return db
    .select({
      user: {
        id: users.id,
        email: users.email,
        title: users.title,
        availableDeviceLimit: users.availableDeviceLimit,
        recurlyAccountCode: users.recurlyAccountCode,
        freeLicenseDataGb: users.freeLicenseDataGb,
        usedDataGb: users.usedDataGb,
      },
      subscriptions: subscriptionList,
      devices: deviceList,
      servers: serverList,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_user');
}

const accountQueries = new WeakMap<Database, ReturnType<typeof prepareAccountQuery>>();

/**
 * The dashboard's view of one account (spec sections 3 and 7): the subscriptions the user owns or
 * belongs to through a team, their devices, servers and data use. Nothing of anyone else's.
 */
export async function accountUserOf(db: Database, userId: string): Promise<AccountUser | null> {
  let query = accountQueries.get(db);
  if (!query) {
    query = prepareAccountQuery(db);
    accountQueries.set(db, query);
  }
  const [row] = await query.execute({ userId });
  if (!row) return null;
  const { user } = row;
  return {
    success: true,
    userid: user.id,
    email: user.email,
    title: user.title,
    licenses: row.subscriptions.reduce(
      (seats, subscription) => seats + (subscription.active ? subscription.quantity : 0),
      0,
    ),
    activeDevices: row.devices.map((device) => ({
      deviceUuid: device.deviceUuid,
      name: device.name,
      lastSeen: new Date(device.lastSeenAt).toISOString(),
    })),
    servers: row.servers.map((server) => ({
      serverId: server.serverId,
      name: server.name,
      teamId: server.teamId ?? -1,
    })),
    availableDeviceLimit: user.availableDeviceLimit,
    recurlyAccountCode: user.recurlyAccountCode,
    subscriptions: row.subscriptions.map(
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
    freeLicenseDataGB: user.freeLicenseDataGb,
    usedDataGB: user.usedDataGb,
  };
}

import { type SQL, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import {
  connectColumns,
  maxConnectRows,
  type NetStats,
  netColumns,
  StatsMessage,
  type StatsRange,
  statsRangeProblem,
  type TeamTunnelStats,
  type TunnelStats,
} from '../../../contract/stats';
import type { Database } from '../../db/database';
import type { Caller } from '../caller';
import { commonRefusals, Refusal } from '../refusal';

/**
 * Reading usage statistics. First the range (to after from, at most a year), then who may see what
 * (a scope: the devices a call covers), then the tables, aggregated in SQL. Time buckets follow the range: a minute up to six hours (from the
 * samples), five minutes up to two days and an hour up to 31 days (from the rollups), a day above
 * (from the hourly rollups). Buckets are aligned to UTC and hold their whole sum, so the first one
 * may begin before `from`.
 */

const refusedScope = () => new Refusal(ErrorCode.forbidden, StatsMessage.notYours);

type ScopedDevice = { deviceUUID: string; nickname: string; userid: string; user: string };

/** Whose usage a call reads: the caller's own devices, a team's (its id as the path gives it), or one device. */
export type StatsScope =
  | { kind: 'individual' }
  | { kind: 'team'; teamId: string }
  | { kind: 'device'; deviceUuid: string };

/** Connect rows of the caller's own devices or of one device. */
export async function readTunnelStats(
  db: Database,
  caller: Caller,
  scope: Exclude<StatsScope, { kind: 'team' }>,
  range: StatsRange,
): Promise<TunnelStats> {
  return tunnelStats(db, await devicesOf(db, caller, scope, range), range);
}

/** Connect rows of a team's devices, and the devices they cover. */
export async function readTeamTunnelStats(
  db: Database,
  caller: Caller,
  teamId: string,
  range: StatsRange,
): Promise<TeamTunnelStats> {
  const scope = await devicesOf(db, caller, { kind: 'team', teamId }, range);
  return { ...(await tunnelStats(db, scope, range)), devices: scope };
}

/** Bytes received and sent per bucket by the devices of a scope. */
export async function readNetStats(
  db: Database,
  caller: Caller,
  scope: StatsScope,
  range: StatsRange,
): Promise<NetStats> {
  return netStats(db, await devicesOf(db, caller, scope, range), range);
}

/** The devices a call covers for the caller, once its range is known to be one the calls answer. */
async function devicesOf(db: Database, caller: Caller, scope: StatsScope, range: StatsRange) {
  const problem = statsRangeProblem(range);
  if (problem) throw commonRefusals.validation(problem);
  switch (scope.kind) {
    case 'individual':
      return individualScope(db, caller.userId);
    case 'team':
      return teamScope(db, caller.userId, scope.teamId);
    case 'device':
      return deviceScope(db, caller.userId, scope.deviceUuid);
  }
}

/** The person's own linked devices. */
function individualScope(db: Database, userId: string): Promise<ScopedDevice[]> {
  return devicesWhere(db, sql`d.user_id = ${userId}`);
}

/**
 * A team's devices: all of its members' (and its owner's) for the owner and admins, a team user's
 * own for a team user, and a 403 for anybody else (a team that does not exist included, and an id
 * that is not a whole number, which names no team).
 */
async function teamScope(db: Database, userId: string, teamIdText: string): Promise<ScopedDevice[]> {
  if (!/^\d{1,9}$/.test(teamIdText)) throw refusedScope();
  const teamId = Number(teamIdText);
  const [standing] = await rowsOf<{ is_owner: boolean; role: string | null }>(
    db,
    sql`select
      exists (select 1 from subscriptions s where s.team_id = ${teamId} and s.owner_id = ${userId}
        and s.type in ('teams', 'families')) as is_owner,
      (select m.role from team_members m where m.team_id = ${teamId} and m.user_id = ${userId}) as role`,
  );
  if (standing?.is_owner || standing?.role === 'admin') {
    return devicesWhere(db, sql`d.user_id in (${teamPeople(teamId)})`);
  }
  if (standing?.role === 'user') return devicesWhere(db, sql`d.user_id = ${userId}`);
  throw refusedScope();
}

/** One device: its owner's, or that of the owner or an admin of a team its owner belongs to. */
async function deviceScope(db: Database, userId: string, deviceUuid: string): Promise<ScopedDevice[]> {
  const visible = await devicesWhere(
    db,
    sql`d.device_uuid = ${deviceUuid} and (d.user_id = ${userId} or exists (
      select 1 from subscriptions s
      where s.team_id is not null and s.type in ('teams', 'families')
        and (s.owner_id = ${userId} or exists (select 1 from team_members a
          where a.team_id = s.team_id and a.user_id = ${userId} and a.role = 'admin'))
        and d.user_id in (${teamPeople(sql`s.team_id`)})))`,
  );
  if (visible.length === 0) throw refusedScope();
  return visible;
}

/** The ids of a team's people: its members and the owners of its teams and families subscriptions. */
function teamPeople(teamId: number | SQL): SQL {
  return sql`select m.user_id from team_members m where m.team_id = ${teamId}
    union select s2.owner_id from subscriptions s2 where s2.team_id = ${teamId} and s2.type in ('teams', 'families')`;
}

function devicesWhere(db: Database, condition: SQL): Promise<ScopedDevice[]> {
  return rowsOf<ScopedDevice>(
    db,
    sql`select d.device_uuid as "deviceUUID", d.name as nickname, u.id as userid, u.email as user
      from devices d join users u on u.id = d.user_id
      where ${condition}
      order by d.name, d.device_uuid`,
  );
}

/** The connect rows of the range, oldest first: the latest maxConnectRows of them. */
async function tunnelStats(db: Database, scope: ScopedDevice[], range: StatsRange): Promise<TunnelStats> {
  const columns = connectColumns.map((name) => ({ name }));
  if (scope.length === 0) return { columns, rows: [], truncated: false };
  const latest = await rowsOf<{
    time: string;
    type: 'connect' | 'disconnect';
    device: string;
    user: string;
    userid: string;
    server: string | null;
    server_is_private: boolean;
  }>(
    db,
    sql`select to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time, e.type,
        d.name as device, u.email as user, u.id as userid, srv.name as server,
        (srv.id is not null and srv.team_id is null) as server_is_private
      from tunnel_events e
      join devices d on d.device_uuid = e.device_uuid
      join users u on u.id = d.user_id
      left join servers srv on srv.id = e.server_id
      where e.device_uuid = any(${uuidArray(scope)}) and e.at >= ${timeOf(range.from)} and e.at < ${timeOf(range.to)}
      order by e.at desc, e.id desc
      limit ${maxConnectRows + 1}`,
  );
  const rows = latest
    .slice(0, maxConnectRows)
    .reverse()
    .map(
      (row) =>
        [
          row.time,
          row.type,
          row.device,
          row.user,
          row.userid,
          row.server,
          row.server_is_private,
        ] satisfies TunnelStats['rows'][number],
    );
  return { columns, rows, truncated: latest.length > maxConnectRows };
}

const minute = 60;
const hour = 3600;
const day = 86400;

/** The bucket width for a range (see the module comment). */
function bucketSecondsFor(range: StatsRange): number {
  const seconds = (range.to.getTime() - range.from.getTime()) / 1000;
  if (seconds <= 6 * hour) return minute;
  if (seconds <= 2 * day) return 5 * minute;
  if (seconds <= 31 * day) return hour;
  return day;
}

/** Bytes received and sent per bucket, every bucket of the range listed (zero when empty). */
async function netStats(db: Database, scope: ScopedDevice[], range: StatsRange): Promise<NetStats> {
  const bucketSeconds = bucketSecondsFor(range);
  const firstMs = Math.floor(range.from.getTime() / (bucketSeconds * 1000)) * bucketSeconds * 1000;
  const sums = new Map<number, [number, number]>();
  if (scope.length > 0) {
    const width = sql`make_interval(secs => ${bucketSeconds})`;
    const start = new Date(firstMs);
    const devicesIn = sql`device_uuid = any(${uuidArray(scope)})`;
    const query =
      bucketSeconds === minute
        ? sql`select extract(epoch from date_bin(${width}, at, timestamptz '1970-01-01Z'))::float8 as bucket,
              sum(rx_bytes)::float8 as rx, sum(tx_bytes)::float8 as tx
            from net_samples where ${devicesIn} and at >= ${timeOf(start)} and at < ${timeOf(range.to)}
            group by 1`
        : sql`select extract(epoch from date_bin(${width}, bucket_start, timestamptz '1970-01-01Z'))::float8 as bucket,
              sum(rx_bytes)::float8 as rx, sum(tx_bytes)::float8 as tx
            from net_rollups
            where ${devicesIn} and bucket_seconds = ${Math.min(bucketSeconds, hour)}
              and bucket_start >= ${timeOf(start)} and bucket_start < ${timeOf(range.to)}
            group by 1`;
    for (const row of await rowsOf<{ bucket: number; rx: number; tx: number }>(db, query)) {
      sums.set(row.bucket * 1000, [row.rx, row.tx]);
    }
  }
  const rows: NetStats['rows'] = [];
  for (let at = firstMs; at < range.to.getTime(); at += bucketSeconds * 1000) {
    const [rx, tx] = sums.get(at) ?? [0, 0];
    rows.push([new Date(at).toISOString(), rx, tx]);
  }
  return { columns: netColumns.map((name) => ({ name })), rows, bucketSeconds };
}

function timeOf(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/** The devices as a uuid[] parameter (ids from the database, so the literal is safe). */
function uuidArray(scope: ScopedDevice[]): SQL {
  return sql`${`{${scope.map((device) => device.deviceUUID).join(',')}}`}::uuid[]`;
}

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

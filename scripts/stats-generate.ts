/**
 * `npm run stats:generate -- [--database postgres://…] [--email a@example.test …] [--days 30]
 * [--interval 60] [--seed 1]`: realistic usage (server/services/stats/demo-usage.ts) for the linked
 * devices of the given accounts (default: every account that has a device), written as ingestion
 * writes it. Without --database: DATABASE_URL, or the embedded database in data/ that `npm run dev`
 * uses (stop the portal first: PGlite has one writer). Devices report through a server of their
 * owner's, or their team's, when there is one.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase } from '../server/db/database';
import { writeDemoUsage } from '../server/services/stats/demo-usage';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    email: { type: 'string', multiple: true },
    days: { type: 'string', default: '30' },
    interval: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
  },
});
const days = Number(values.days);
const intervalSeconds = Number(values.interval);
if (!Number.isInteger(days) || days < 1 || days > 366) throw new Error('--days must be a whole number from 1 to 366');
if (!Number.isInteger(intervalSeconds) || intervalSeconds < 1 || intervalSeconds > 3600) {
  throw new Error('--interval must be a whole number of seconds from 1 to 3600');
}

const database = await openDatabase({ url: values.database ?? process.env.DATABASE_URL ?? null });
try {
  await migrate(database);
  const chosen = new Set((values.email ?? []).map((email) => email.toLowerCase()));
  const accounts = (await database.db.execute(sql`
    select u.id as "userId", u.email, (
      select srv.id from servers srv
      where srv.owner_id = u.id or srv.team_id in (select m.team_id from team_members m where m.user_id = u.id)
      order by srv.created_at limit 1
    ) as "serverId"
    from users u
    where exists (select 1 from devices d where d.user_id = u.id)
    order by u.email`)) as unknown as { rows: { userId: string; email: string; serverId: string | null }[] };
  const people = accounts.rows.filter((account) => chosen.size === 0 || chosen.has(account.email));
  const started = performance.now();
  const rhythms = ['evening', 'office', 'always'] as const;
  const written = await database.db.transaction((tx) =>
    writeDemoUsage(
      tx,
      people.map(({ userId, serverId }, index) => ({
        userId,
        serverId,
        rhythm: rhythms[index % rhythms.length] ?? 'office',
      })),
      { end: new Date(), days, intervalSeconds, seed: Number(values.seed) },
    ),
  );
  console.log(
    `Wrote ${written} rows for ${people.length} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}

import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database';
import { users } from '../db/schema';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/**
 * GET /api/account/user's answer as JSON text: the dashboard's view of one account (docs/spec.md §3
 * and §7), the subscriptions the user owns or belongs to through a team, their devices, servers and
 * data use, and nothing of anyone else's. Built by the database in one call (migration 0008) and sent
 * as it comes: no parsing or serialising on the hot path. Null when there is no such user. `at` is the
 * services' clock (pending invitations hold seats until then), never the database's.
 */
export async function accountUserJson(
  database: Pick<DatabaseHandle, 'query'>,
  userId: string,
  at: Date,
): Promise<string | null> {
  const [row] = await database.query<{ json: string | null }>(
    'select account_user_json($1, $2) as json',
    [userId, at],
    {
      name: 'account_user_json',
    },
  );
  return row?.json ?? null;
}

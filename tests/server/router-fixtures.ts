import { routers } from '../../server/db/schema';
import type { TestPortal } from './support';

/** Fixtures of the router tests: a router of a person, on a router subscription or none. */
export async function insertRouter(
  portal: TestPortal,
  fields: { ownerId: string; name: string } & Partial<typeof routers.$inferInsert>,
) {
  const [row] = await portal.db
    .insert(routers)
    .values({ vendor: 'miri', serial: `SN-${crypto.randomUUID()}`, state: 'online', ...fields })
    .returning();
  if (!row) throw new Error('router not created');
  return row;
}

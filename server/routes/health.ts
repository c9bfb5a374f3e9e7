import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ErrorCode } from '../../contract/errors';
import type { AppEnv } from '../http/middleware';
import { errorBody } from '../http/refusals';
import type { AppServices } from '../services/index';

export function healthRoutes({ db, logger }: AppServices) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      logger.error({ err: error }, 'health check: database unreachable');
      return c.json(errorBody(ErrorCode.internal, 'The database is unreachable.'), 503);
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
  });
}

import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as healthCalls from '../../contract/calls/health';
import { ErrorCode } from '../../contract/errors';
import type { Routes } from '../http/calls';
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

/** The handlers of the calls declared in contract/calls/health.ts. */
export function healthHandlers(_services: AppServices): Routes<typeof healthCalls> {
  return {};
}

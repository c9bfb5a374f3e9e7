import { sql } from 'drizzle-orm';
import type * as healthCalls from '../../contract/calls/health';
import { ErrorCode } from '../../contract/errors';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';
import { Refusal } from '../services/refusal';

/** The handlers of the calls declared in contract/calls/health.ts. */
export function healthHandlers({ db, logger }: AppServices): Routes<typeof healthCalls> {
  return {
    checkHealth: async (c) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        logger.error({ err: error }, 'health check: database unreachable');
        throw new Refusal(ErrorCode.internal, 'The database is unreachable.', { kind: 'unavailable' });
      }
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: { status: 'ok', database: 'ok' } };
    },
  };
}

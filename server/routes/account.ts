import { Hono } from 'hono';
import type * as accountCalls from '../../contract/calls/account';
import type { Routes } from '../http/calls';
import { type AppEnv, requireSession, sessionOf } from '../http/middleware';
import { accountUserJson } from '../services/accounts';
import type { AppServices } from '../services/index';
import { commonRefusals } from '../services/refusal';

export function accountRoutes({ database, now }: AppServices) {
  return new Hono<AppEnv>().get('/user', requireSession(), async (c) => {
    const json = await accountUserJson(database, sessionOf(c).claims.sub, now());
    if (json === null) throw commonRefusals.notFound();
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  });
}

/** The handlers of the calls declared in contract/calls/account.ts. */
export function accountHandlers(_services: AppServices): Routes<typeof accountCalls> {
  return {};
}

import { Hono } from 'hono';
import { failures } from '../http/errors';
import { type AppEnv, requireSession, sessionOf } from '../http/middleware';
import { accountUserOf } from '../services/accounts';
import type { AppServices } from '../services/index';

export function accountRoutes({ db }: AppServices) {
  return new Hono<AppEnv>().get('/user', requireSession(), async (c) => {
    const account = await accountUserOf(db, sessionOf(c).claims.sub);
    if (!account) throw failures.notFound();
    return c.json(account, 200);
  });
}

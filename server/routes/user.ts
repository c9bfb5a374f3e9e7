import { Hono } from 'hono';
import type { SessionResponse } from '../../contract/auth';
import { type AppEnv, requireSession, sessionOf } from '../http/middleware';

/** GET /api/user: who the session says is signed in. */
export function userRoutes() {
  return new Hono<AppEnv>().get('/', requireSession(), (c) => {
    return c.json({ user: sessionOf(c).claims } satisfies SessionResponse, 200);
  });
}

import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { SessionCheckResponse } from '../../contract/auth';
import type { Env } from '../env';
import { type AppEnv, sessionCookieNameOf, sessionCookieOptions } from '../http/middleware';

/** GET /api/user: who the session says is signed in, or null; a dead session cookie is cleared. */
export function userRoutes(env: Env) {
  return new Hono<AppEnv>().get('/', (c) => {
    const session = c.get('session');
    if (!session && getCookie(c, sessionCookieNameOf(env)) !== undefined) {
      deleteCookie(c, sessionCookieNameOf(env), sessionCookieOptions(env));
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ user: session?.claims ?? null } satisfies SessionCheckResponse, 200);
  });
}

import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { SessionCheckResponse } from '../../contract/auth';
import type * as userCalls from '../../contract/calls/user';
import type { Env } from '../env';
import type { Routes } from '../http/calls';
import { type AppEnv, sessionCookieNameOf, sessionCookieOptions } from '../http/middleware';
import type { AppServices } from '../services/index';

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

/** The handlers of the calls declared in contract/calls/user.ts. */
export function userHandlers(_services: AppServices): Routes<typeof userCalls> {
  return {};
}

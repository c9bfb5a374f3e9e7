import { deleteCookie, getCookie } from 'hono/cookie';
import type * as userCalls from '../../contract/calls/user';
import type { Routes } from '../http/calls';
import { sessionCookieNameOf, sessionCookieOptions } from '../http/middleware';
import type { AppServices } from '../services/index';

/** The handlers of the calls declared in contract/calls/user.ts. */
export function userHandlers({ env }: AppServices): Routes<typeof userCalls> {
  return {
    // Who the session says is signed in, or null; a dead session cookie is cleared.
    checkSession: async (c) => {
      const session = c.get('session');
      if (!session && getCookie(c, sessionCookieNameOf(env)) !== undefined) {
        deleteCookie(c, sessionCookieNameOf(env), sessionCookieOptions(env));
      }
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: { user: session?.claims ?? null } };
    },
  };
}

import type { MiddlewareHandler } from 'hono';
import { RecentSignInMessage, type RecentSignInRequired } from '../../contract/recent-sign-in';
import type { RecentSignInService } from '../services/recent-sign-in';
import { type AppEnv, sessionOf } from './middleware';

/**
 * A sensitive change (issue 22) goes on only for a session whose person proved who they are within
 * the last 10 minutes; otherwise 403 `recent_sign_in_required` with the ways they can, and the
 * portal asks in place and makes the call again. Put after requireSession.
 */
export function requireRecentSignIn(services: { recentSignIn: RecentSignInService }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { sessionId, claims } = sessionOf(c);
    if (await services.recentSignIn.isRecent(sessionId)) return next();
    return c.json(
      {
        error: 'recent_sign_in_required',
        message: RecentSignInMessage.required,
        methods: await services.recentSignIn.methodsOf(claims.sub),
      } satisfies RecentSignInRequired,
      403,
    );
  };
}

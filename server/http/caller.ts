import type { Context } from 'hono';
import type { Caller } from '../services/caller';
import { type AppEnv, sessionOf } from './middleware';

/** The signed-in person who makes the call; a call without a session is refused (401). */
export function callerOf(c: Context<AppEnv>): Caller {
  const { claims } = sessionOf(c);
  return { userId: claims.sub, email: claims.email };
}

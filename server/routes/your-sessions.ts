import type * as yourSessionsCalls from '../../contract/calls/your-sessions';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { sessionOf } from '../http/middleware';
import type { AppServices } from '../services/index';
import { listOwnSessions, signOutOtherSessions, signOutOwnSession } from '../services/your-sessions/your-sessions';

/** The handlers of the calls declared in contract/calls/your-sessions.ts: the person's own sessions. */
export function yourSessionsHandlers(services: AppServices): Routes<typeof yourSessionsCalls> {
  const { sessions } = services;
  return {
    listAccountSessions: async (c) => {
      const listed = await listOwnSessions(sessions, { ...callerOf(c), sessionId: sessionOf(c).sessionId });
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: { sessions: listed } };
    },
    signOutOtherSessions: async (c) => {
      const signedOut = await signOutOtherSessions(sessions, { ...callerOf(c), sessionId: sessionOf(c).sessionId });
      return { status: 200, body: { success: true, signedOut } };
    },
    signOutSession: async (c) => {
      await signOutOwnSession(sessions, callerOf(c), c.req.valid('param').id);
      return { status: 204 };
    },
  };
}

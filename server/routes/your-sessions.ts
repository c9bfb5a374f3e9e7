import { Hono } from 'hono';
import * as v from 'valibot';
import { api } from '../../contract/api';
import type * as yourSessionsCalls from '../../contract/calls/your-sessions';
import { ErrorCode } from '../../contract/errors';
import {
  type AccountSession,
  type AccountSessions,
  SessionId,
  SessionMessage,
  type SignOutOthersResponse,
} from '../../contract/sessions';
import type { Routes } from '../http/calls';
import { type AppEnv, requireSession, sessionOf } from '../http/middleware';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';
import type { LiveSession } from '../services/sessions';
import { approximatePlaceOf } from '../services/your-sessions/approximate-place';
import { describeUserAgent } from '../services/your-sessions/user-agent';

function accountSessionOf(session: LiveSession, currentSessionId: string): AccountSession {
  return {
    id: session.id,
    current: session.id === currentSessionId,
    ...describeUserAgent(session.userAgent),
    signInMethod: session.signInMethod,
    provider: session.provider,
    place: approximatePlaceOf(session.clientAddress),
    startedAt: session.createdAt.toISOString(),
    lastActiveAt: session.lastActiveAt.toISOString(),
  };
}

/** The person's own sessions, under /api/account: each person sees and ends only their own. */
export function yourSessionsRoutes(services: AppServices) {
  const path = (full: string) => full.slice('/api/account'.length);
  return (
    new Hono<AppEnv>()
      .get(path(api.accountSessions), requireSession(), async (c) => {
        const { sessionId, claims } = sessionOf(c);
        const live = await services.sessions.listLive(claims.sub);
        const listed = live.map((session) => accountSessionOf(session, sessionId));
        // The one in hand first; the others as the service ordered them (most recently active first).
        listed.sort((a, b) => Number(b.current) - Number(a.current));
        c.header('Cache-Control', 'no-store');
        return c.json({ sessions: listed } satisfies AccountSessions, 200);
      })
      // Before `/:id`, which would otherwise take "others" for an id.
      .delete(path(api.otherAccountSessions), requireSession(), async (c) => {
        const { sessionId, claims } = sessionOf(c);
        const signedOut = await services.sessions.revokeOthers(claims.sub, sessionId);
        return c.json({ success: true as const, signedOut } satisfies SignOutOthersResponse, 200);
      })
      .delete(`${path(api.accountSessions)}/:id`, requireSession(), async (c) => {
        const parsed = v.safeParse(SessionId, c.req.param('id'));
        if (!parsed.success) throw commonRefusals.validation(SessionMessage.sessionIdInvalid);
        const { claims } = sessionOf(c);
        // Another person's session is answered as an unknown one: its existence is not revealed.
        const revoked = await services.sessions.revokeOwn(claims.sub, parsed.output.toLowerCase());
        if (!revoked) throw new Refusal(ErrorCode.notFound, SessionMessage.sessionNotFound);
        return c.body(null, 204);
      })
  );
}

/** The handlers of the calls declared in contract/calls/your-sessions.ts. */
export function yourSessionsHandlers(_services: AppServices): Routes<typeof yourSessionsCalls> {
  return {};
}

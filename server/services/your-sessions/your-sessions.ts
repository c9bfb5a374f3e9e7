import * as v from 'valibot';
import { ErrorCode } from '../../../contract/errors';
import { type AccountSession, SessionId, SessionMessage } from '../../../contract/sessions';
import type { Caller } from '../caller';
import { commonRefusals, Refusal } from '../refusal';
import type { LiveSession, SessionService } from '../sessions';
import { approximatePlaceOf } from './approximate-place';
import { describeUserAgent } from './user-agent';

/** The session a call was made with: "current" in the list, and kept when the others are signed out. */
type CallerSession = Caller & { sessionId: string };

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

/** Your sessions (issue 11): each person sees and ends only their own. */
export async function listOwnSessions(sessions: SessionService, caller: CallerSession): Promise<AccountSession[]> {
  const listed = (await sessions.listLive(caller.userId)).map((session) => accountSessionOf(session, caller.sessionId));
  // The one in hand first; the others as the service ordered them (most recently active first).
  return listed.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out every session of the caller but the one in hand; how many were. */
export function signOutOtherSessions(sessions: SessionService, caller: CallerSession): Promise<number> {
  return sessions.revokeOthers(caller.userId, caller.sessionId);
}

/** Signs out one of the caller's sessions; another person's is refused as an unknown one, so its existence is not revealed. */
export async function signOutOwnSession(sessions: SessionService, caller: Caller, sessionId: string): Promise<void> {
  const parsed = v.safeParse(SessionId, sessionId);
  if (!parsed.success) throw commonRefusals.validation(SessionMessage.sessionIdInvalid);
  const revoked = await sessions.revokeOwn(caller.userId, parsed.output.toLowerCase());
  if (!revoked) throw new Refusal(ErrorCode.notFound, SessionMessage.sessionNotFound);
}

import * as v from 'valibot';

/**
 * Your sessions (issue 11): the person's live sessions (browsers and apps signed in to the portal),
 * how each began and where from, and signing out one of them or every other one.
 */

export const SessionMessage = {
  sessionNotFound: 'There is no such session on your account. It may have ended already.',
  sessionIdInvalid: 'This is not a session id.',
} as const;

const SignInMethod = v.picklist(['password', 'provider', 'qr', 'passkey']);

/** Where a session was begun, as coarsely as a person needs to recognise it. */
export const ApproximatePlace = v.object({
  /** The client's network, never its full address: an IPv4 /24 or an IPv6 /48 (`203.0.113.0/24`). */
  network: v.string(),
  /** A private, loopback or link-local address: the person's own network rather than the internet. */
  local: v.boolean(),
});
export type ApproximatePlace = v.InferOutput<typeof ApproximatePlace>;

export const AccountSession = v.object({
  id: v.string(),
  /** The session this list was asked with. */
  current: v.boolean(),
  /** From the user agent: a browser or app's name (`Firefox`), null when it cannot be told. */
  browser: v.nullable(v.string()),
  /** From the user agent: the operating system (`Windows`, `iOS`), null when it cannot be told. */
  system: v.nullable(v.string()),
  signInMethod: SignInMethod,
  /** The sign-in provider's key, for sessions begun through one. */
  provider: v.nullable(v.string()),
  place: v.nullable(ApproximatePlace),
  /** ISO times. */
  startedAt: v.string(),
  lastActiveAt: v.string(),
});
export type AccountSession = v.InferOutput<typeof AccountSession>;

/** GET /api/account/sessions: live sessions only, the current one first, then by last activity. */
export const AccountSessions = v.object({ sessions: v.array(AccountSession) });
export type AccountSessions = v.InferOutput<typeof AccountSessions>;

/** The id in DELETE /api/account/sessions/{id}. */
export const SessionId = v.pipe(v.string(), v.uuid(SessionMessage.sessionIdInvalid));

/** DELETE /api/account/sessions/others: how many sessions were signed out. */
export const SignOutOthersResponse = v.object({ success: v.literal(true), signedOut: v.number() });
export type SignOutOthersResponse = v.InferOutput<typeof SignOutOthersResponse>;

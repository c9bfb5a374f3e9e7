import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import ipaddr from 'ipaddr.js';
import * as v from 'valibot';
import type { SessionClaims } from '../../contract/auth';
import type { BotCheckProvider } from '../../contract/bot-check';
import * as calls from '../../contract/calls/index';
import type { CallDeclaration } from '../../contract/http';
import type { Env } from '../env';
import { providerOrigins } from '../services/bot-check';
import { commonRefusals } from '../services/refusal';
import type { SessionService } from '../services/sessions';
import { isLoopbackAddress } from './loopback';

/**
 * The session cookie's name. In production it carries the `__Host-` prefix, so a browser takes it
 * only when it is Secure, for the whole host and from no other (sub)domain (issue 21); a local
 * trial over plain http keeps the bare name.
 */
export function sessionCookieNameOf(env: Pick<Env, 'production'>): string {
  return env.production ? '__Host-portal_session' : 'portal_session';
}

/** The session cookie's `name=value` in a Set-Cookie header, either name. */
export const sessionCookiePattern = /(?:__Host-)?portal_session=[^;]+/;

export function sessionCookieOptions(env: Pick<Env, 'production'>) {
  return { httpOnly: true, secure: env.production, sameSite: 'Lax', path: '/' } as const;
}

/** Hands the browser a session's token: the cookie lives as long as the session does. */
export function setSessionCookie(c: Context, env: Pick<Env, 'production' | 'sessionTtlSeconds'>, token: string) {
  setCookie(c, sessionCookieNameOf(env), token, { ...sessionCookieOptions(env), maxAge: env.sessionTtlSeconds });
}

type AppVariables = {
  session: { sessionId: string; claims: SessionClaims } | null;
};
export type AppEnv = { Variables: AppVariables };

const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers every response carries (docs/design.md §4). A third-party bot check adds exactly its
 * provider's script and frame origins; ALTCHA needs nothing more (its worker is a same-origin file).
 * A production deployment is served over HTTPS only, so browsers are told to keep to it (HSTS);
 * a local trial on http://localhost must not pin that.
 */
export function securityHeaders({
  botCheck = 'off',
  production = false,
  directoryServiceUrl = null,
}: {
  botCheck?: BotCheckProvider;
  production?: boolean;
  /** The directory service the sign-in callback asks for the person's region, when configured. */
  directoryServiceUrl?: string | null;
} = {}): MiddlewareHandler<AppEnv> {
  const thirdParty = botCheck === 'turnstile' || botCheck === 'recaptcha' ? providerOrigins[botCheck] : null;
  const contentSecurityPolicy = [
    "default-src 'self'",
    ["script-src 'self'", ...(thirdParty?.script ?? [])].join(' '),
    ...(thirdParty ? [["frame-src 'self'", ...thirdParty.frame].join(' ')] : []),
    // Ark UI positions popovers and toasts with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...(directoryServiceUrl ? [directoryServiceUrl] : [])].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    // On the answer's own headers: c.header() on a finished answer rebuilds it around its body,
    // which costs @hono/node-server its fast path.
    const headers = c.res.headers;
    // A development tool's page may bring its own (the flow explorer's WebAssembly).
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    // Reset links carry a token in the path: never send it to anyone in a Referer.
    headers.set('Referrer-Policy', c.req.path.startsWith('/password/') ? 'no-referrer' : 'same-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (production) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}

/**
 * Calls that come from no browser, by their declared access: the order site's signed events, the
 * VPN servers' signed stats batches, and a device (the VPN app) asking for an activation code, which
 * needs no session and changes no account.
 */
const serverToServerPaths = new Set<string>(
  Object.values(calls as Record<string, CallDeclaration>)
    .filter((call) => call.method !== 'GET' && (call.access === 'signedServer' || call.access === 'device'))
    .map((call) => call.path),
);

/**
 * Cross-site request forgery: a mutation must come from the portal's own pages. Browsers that send
 * Sec-Fetch-Site say so directly (this also admits partner host names serving the same app);
 * otherwise the Origin must be the public origin. A request with neither is refused. The order
 * site's events and the VPN servers' stats batches (proven by their signatures) and a device's
 * request for an activation code are the exceptions (serverToServerPaths).
 */
export function sameOriginMutations(env: Env): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (mutatingMethods.has(c.req.method) && !serverToServerPaths.has(c.req.path)) {
      const fetchSite = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const sameOrigin = fetchSite ? fetchSite === 'same-origin' : origin === env.publicOrigin;
      if (!sameOrigin) throw commonRefusals.crossOrigin();
    }
    await next();
  };
}

/** Whether the request carries a body at all. */
export function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  return (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
}

/** Mutations with a body send JSON; anything else is refused before it is read. */
export function jsonBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (mutatingMethods.has(c.req.method) && hasBody(c)) {
      const type = c.req.header('content-type') ?? '';
      if (!/^application\/json\b/i.test(type) && c.req.path !== calls.reportErrors.path) {
        throw commonRefusals.unsupportedMediaType();
      }
    }
    await next();
  };
}

/** The request's JSON body, parsed; malformed JSON and U+0000 in any string are refused (400). */
export async function readJsonBody(c: Context): Promise<unknown> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw commonRefusals.malformedJson();
  }
  if (holdsNul(raw)) throw commonRefusals.nulCharacter();
  return raw;
}

/** Whether a parsed JSON value holds U+0000 in any string or key (JSON writes it as `\u0000`). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}

/**
 * Refuses U+0000 in the path or the query (`%00`) before any route reads them: PostgreSQL stores no
 * NUL in text, so such a value would otherwise fail in a query as a 500 (found by `npm run scan`).
 */
export function refuseNulInAddress(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    if (/%00/i.test(pathname + search) || (pathname + search).includes('\u0000')) throw commonRefusals.nulCharacter();
    await next();
  };
}

export function validationMessage(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): string {
  const [first] = issues;
  const path = v.getDotPath(first);
  return `${path ? `${path}: ` : ''}${first.message}`;
}

/** Reads the session cookie; `c.var.session` is the verified session or null. */
export function readSession(sessions: SessionService, env: Pick<Env, 'production'>): MiddlewareHandler<AppEnv> {
  const cookieName = sessionCookieNameOf(env);
  return async (c, next) => {
    const token = getCookie(c, cookieName);
    c.set('session', token ? await sessions.verify(token) : null);
    await next();
  };
}

export function requireSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('session')) throw commonRefusals.unauthorized();
    await next();
  };
}

export function sessionOf(c: Context<AppEnv>) {
  const session = c.get('session');
  if (!session) throw commonRefusals.unauthorized();
  return session;
}

/**
 * The client's address. Behind `env.trustedProxies` reverse proxies, each appends to
 * X-Forwarded-For the address it received the request from, so the client is the entry that many
 * places from the right; entries further left are whatever the client sent, and are never read. An
 * entry that is not an address, or a header with too few entries, leaves the socket's address.
 */
export function clientAddressOf(c: Context, env: Pick<Env, 'trustedProxies'>): string {
  const forwarded = forwardedClientAddress(c.req.header('x-forwarded-for'), env.trustedProxies);
  if (forwarded) return forwarded;
  const socketAddress = socketAddressOf(c);
  if (!socketAddress) return 'unknown';
  return normalisedAddress(socketAddress) ?? socketAddress;
}

/** The address of the connection's other end; null without a socket (app.request() in tests has none). */
function socketAddressOf(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** Headers by which a proxy says that it speaks for someone else. */
const proxyHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * For the development tools under /dev: only a person on this machine may use them. The socket's
 * address must be loopback, whatever TRUST_PROXY says, and no proxy may have forwarded the request
 * (a reverse proxy on this machine connects from loopback on behalf of anyone). Anyone else gets
 * the answer of a path that does not exist.
 */
export function loopbackClientsOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const socketAddress = socketAddressOf(c);
    const forwarded = proxyHeaders.some((name) => c.req.header(name) !== undefined);
    if (forwarded || !socketAddress || !isLoopbackAddress(socketAddress)) throw commonRefusals.notFound();
    await next();
  };
}

/** The X-Forwarded-For entry `trustedProxies` places from the right, normalised; null if none is usable. */
export function forwardedClientAddress(header: string | undefined, trustedProxies: number): string | null {
  if (!header || trustedProxies < 1) return null;
  const entries = header.split(',');
  const entry = entries[entries.length - trustedProxies];
  return entry === undefined ? null : normalisedAddress(entry.trim());
}

/**
 * One spelling per address (IPv4-mapped IPv6 as IPv4, IPv6 in RFC 5952 form), so limits and
 * allow-lists see the same client whichever way it was written. Only dotted-quad IPv4 and IPv6 are
 * addresses here: ipaddr.js would also read `127.1` or `0x7f000001`.
 */
function normalisedAddress(value: string): string | null {
  if (!ipaddr.IPv4.isValidFourPartDecimal(value) && !ipaddr.IPv6.isValid(value)) return null;
  return ipaddr.process(value).toString();
}

import * as v from 'valibot';
import type { RateLimit } from './http';

/** Validation message keys, shared by server and client; the client translates them. */
export const AuthMessage = {
  emailInvalid: 'The E-Mail address provided is invalid',
  passwordRequired: 'Password is required',
} as const;

/** Failed sign-ins (a wrong password, an unknown address): per account and per client address, in 15 minutes. */
export const signInLimits = {
  perAccount: { name: 'sign-in-failures:account', limit: 5, windowSeconds: 15 * 60, per: 'e-mail address' },
  perAddress: { name: 'sign-in-failures:address', limit: 30, windowSeconds: 15 * 60, per: 'client address' },
} as const satisfies Record<string, RateLimit>;

export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254, AuthMessage.emailInvalid),
  v.email(AuthMessage.emailInvalid),
  v.toLowerCase(),
);

/** POST /api/auth/login */
export const LoginRequest = v.object({
  email: Email,
  // Compared exactly as typed: no trimming. The upper bound stops hashing megabytes.
  password: v.pipe(v.string(), v.minLength(1, AuthMessage.passwordRequired), v.maxLength(1024)),
});
export type LoginRequest = v.InferInput<typeof LoginRequest>;

/** The claims of the session token (docs/spec.md §3), as GET /api/user returns them. */
export const SessionClaims = v.object({
  sub: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  accountCreated: v.string(),
  iat: v.number(),
  role: v.string(),
  idp: v.string(),
});
export type SessionClaims = v.InferOutput<typeof SessionClaims>;

/** A call's answer that started or changed the session: its claims. */
export const SessionResponse = v.object({ user: SessionClaims });
export type SessionResponse = v.InferOutput<typeof SessionResponse>;

/**
 * How a second step can be answered: one of the account's passkeys, the app's code, or a recovery
 * code when neither is at hand. A passkey is offered only where the account has one.
 */
export const SecondFactorMethod = v.picklist(['passkey', 'authenticatorApp', 'recoveryCode']);
export type SecondFactorMethod = v.InferOutput<typeof SecondFactorMethod>;

/**
 * A sign-in whose password (or provider) was right, waiting for its second step: bound to this
 * browser by an HttpOnly cookie, for secondFactorChallengeSeconds.
 */
export const SecondFactorRequired = v.object({
  outcome: v.literal('secondFactorRequired'),
  methods: v.array(SecondFactorMethod),
});
export type SecondFactorRequired = v.InferOutput<typeof SecondFactorRequired>;

/** POST /api/auth/login: signed in, or the second step is asked for (issue 22). */
export const LoginResponse = v.variant('outcome', [
  v.object({ outcome: v.literal('signedIn'), user: SessionClaims }),
  SecondFactorRequired,
]);
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

/**
 * GET /api/user, the session check: who is signed in, or null. Nobody signed in is an answer, not
 * a failure: a 401 here would be an error in every visitor's console on every public page.
 */
export const SessionCheckResponse = v.object({ user: v.nullable(SessionClaims) });
export type SessionCheckResponse = v.InferOutput<typeof SessionCheckResponse>;

/** POST /api/auth/logout */
export const LogoutResponse = v.object({ success: v.literal(true) });

/** A public key of the session tokens (RFC 7517): ES256, for signatures. */
const PublicSigningKey = v.looseObject({
  kty: v.optional(v.string()),
  kid: v.optional(v.string()),
  alg: v.optional(v.string()),
  use: v.optional(v.string()),
  crv: v.optional(v.string()),
  x: v.optional(v.string()),
  y: v.optional(v.string()),
});

/** GET /.well-known/jwks.json: the keys that verify session tokens, the current one and the one before it. */
export const JsonWebKeySet = v.object({ keys: v.array(PublicSigningKey) });

import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { api } from '../../contract/api';
import type * as passkeysCalls from '../../contract/calls/passkeys';
import { ErrorCode } from '../../contract/errors';
import {
  AddPasskeyRequest,
  type Passkey,
  type PasskeyList,
  PasskeyMessage,
  PasskeySignInRequest,
  type PasskeySignInResponse,
  passkeyChallengeSeconds,
  RenamePasskeyRequest,
} from '../../contract/passkeys';
import type { Env } from '../env';
import type { Routes } from '../http/calls';
import {
  type AppEnv,
  bodyOf,
  clientAddressOf,
  requireSession,
  sessionCookieOptions,
  sessionOf,
  setSessionCookie,
  validateJson,
} from '../http/middleware';
import { requireRecentSignIn } from '../http/recent-sign-in';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import { bindingHashOf, type PasskeyRefusal, PasskeyRefused } from '../services/passkeys';
import { commonRefusals, Refusal } from '../services/refusal';
import { signInWithPasskey } from '../services/sign-in';

/** The cookie that binds a passkey sign-in's challenge to its browser; sent only to its two calls. */
const signInCookieName = 'portal_passkey';

function signInCookieOptions(env: Pick<Env, 'production'>) {
  return { ...sessionCookieOptions(env), sameSite: 'Strict', path: api.passkeySignIn } as const;
}

const refusals: Record<PasskeyRefusal, () => Refusal> = {
  notRecognised: () => new Refusal(ErrorCode.passkeyRefused, PasskeyMessage.notRecognised),
  expired: () => new Refusal(ErrorCode.secondFactorExpired, PasskeyMessage.expired),
  tooMany: () => new Refusal(ErrorCode.passkeyRefused, PasskeyMessage.tooMany, { kind: 'conflict' }),
  notFound: () => new Refusal(ErrorCode.notFound, PasskeyMessage.notFound),
};

const answering = <T>(work: () => Promise<T>) =>
  work().catch((error) => {
    throw error instanceof PasskeyRefused ? refusals[error.reason]() : error;
  });

/** Passkeys (issue 22): the account's list and changes, and a sign-in with one alone. */
export function passkeyRoutes(services: AppServices) {
  const { env, logger, passkeys, sessions, db, rateLimiter } = services;
  const accountOf = (c: Context<AppEnv>) => {
    const { sessionId, claims } = sessionOf(c);
    return { userId: claims.sub, email: claims.email, sessionId };
  };

  return new Hono<AppEnv>()
    .get(api.passkeys, requireSession(), async (c) =>
      c.json({ passkeys: await passkeys.list(sessionOf(c).claims.sub) } satisfies PasskeyList, 200),
    )
    .post(api.passkeyCreationOptions, requireSession(), requireRecentSignIn(services), async (c) => {
      const options = await passkeys.creationOptions(accountOf(c), c.req.header('origin'));
      c.header('Cache-Control', 'no-store');
      return c.json(options, 200);
    })
    .post(api.passkeys, requireSession(), requireRecentSignIn(services), validateJson(AddPasskeyRequest), async (c) => {
      const { name, response } = bodyOf(c, AddPasskeyRequest);
      const { userId, sessionId } = accountOf(c);
      const added = await answering(() => passkeys.add({ userId, sessionId }, name, response, clientAddressOf(c, env)));
      return c.json(added satisfies Passkey, 201);
    })
    .patch(`${api.passkeys}/:id`, requireSession(), validateJson(RenamePasskeyRequest), async (c) => {
      const { name } = bodyOf(c, RenamePasskeyRequest);
      const renamed = await answering(() => passkeys.rename(sessionOf(c).claims.sub, c.req.param('id') ?? '', name));
      return c.json(renamed satisfies Passkey, 200);
    })
    .delete(`${api.passkeys}/:id`, requireSession(), requireRecentSignIn(services), async (c) => {
      await answering(() => passkeys.remove(sessionOf(c).claims.sub, c.req.param('id') ?? '', clientAddressOf(c, env)));
      return c.body(null, 204);
    })
    .post(api.passkeySignInOptions, async (c) => {
      const binding = randomBytes(32).toString('base64url');
      const options = await passkeys.requestOptions(
        { purpose: 'signIn', bindingHash: bindingHashOf(binding) },
        c.req.header('origin'),
      );
      setCookie(c, signInCookieName, binding, { ...signInCookieOptions(env), maxAge: passkeyChallengeSeconds });
      c.header('Cache-Control', 'no-store');
      return c.json(options, 200);
    })
    .post(api.passkeySignIn, validateJson(PasskeySignInRequest), async (c) => {
      const binding = getCookie(c, signInCookieName);
      if (!binding) throw refusals.expired();
      const clientAddress = clientAddressOf(c, env);
      const result = await signInWithPasskey(
        { db, sessions, passkeys, rateLimiter },
        {
          bindingHash: bindingHashOf(binding),
          response: bodyOf(c, PasskeySignInRequest).response,
          clientAddress,
          userAgent: c.req.header('user-agent') ?? null,
        },
      ).catch((error) => {
        if (error instanceof PasskeyRefused && error.reason === 'notRecognised') {
          securityEvent(logger, { event: 'signIn.failed', clientAddress, via: 'passkey', reason: 'passkeyRefused' });
        }
        throw error instanceof PasskeyRefused ? refusals[error.reason]() : error;
      });
      if (result.outcome === 'rateLimited') throw commonRefusals.rateLimited(result.retryAfterSeconds);
      deleteCookie(c, signInCookieName, signInCookieOptions(env));
      securityEvent(logger, { event: 'signIn.succeeded', clientAddress, via: 'passkey', userId: result.claims.sub });
      setSessionCookie(c, env, result.token);
      return c.json({ outcome: 'signedIn', user: result.claims } satisfies PasskeySignInResponse, 200);
    });
}

/** The handlers of the calls declared in contract/calls/passkeys.ts. */
export function passkeysHandlers(_services: AppServices): Routes<typeof passkeysCalls> {
  return {};
}

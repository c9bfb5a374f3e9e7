import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type * as passkeysCalls from '../../contract/calls/passkeys';
import { completePasskeySignIn } from '../../contract/calls/passkeys';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage, passkeyChallengeSeconds } from '../../contract/passkeys';
import type { Env } from '../env';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, clientAddressOf, sessionCookieOptions, sessionOf, setSessionCookie } from '../http/middleware';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import { bindingHashOf, type PasskeyRefusal, PasskeyRefused } from '../services/passkeys';
import { commonRefusals, Refusal } from '../services/refusal';
import { signInWithPasskey } from '../services/sign-in';

/** The cookie that binds a passkey sign-in's challenge to its browser; sent only to its two calls. */
const signInCookieName = 'portal_passkey';

function signInCookieOptions(env: Pick<Env, 'production'>) {
  return { ...sessionCookieOptions(env), sameSite: 'Strict', path: completePasskeySignIn.path } as const;
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

/**
 * The handlers of the calls declared in contract/calls/passkeys.ts (issue 22): the account's list and
 * changes, and a sign-in with one alone.
 */
export function passkeysHandlers(services: AppServices): Routes<typeof passkeysCalls> {
  const { env, logger, passkeys, sessions, db, rateLimiter } = services;
  const accountOf = (c: Context<AppEnv>) => ({ ...callerOf(c), sessionId: sessionOf(c).sessionId });

  return {
    listPasskeys: async (c) => ({ status: 200, body: { passkeys: await passkeys.list(callerOf(c).userId) } }),
    requestPasskeyCreationOptions: async (c) => {
      const options = await passkeys.creationOptions(accountOf(c), c.req.header('origin'));
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: options };
    },
    addPasskey: async (c) => {
      const { name, response } = c.req.valid('json');
      const { userId, sessionId } = accountOf(c);
      const added = await answering(() => passkeys.add({ userId, sessionId }, name, response, clientAddressOf(c, env)));
      return { status: 201, body: added };
    },
    renamePasskey: async (c) => {
      const { name } = c.req.valid('json');
      const renamed = await answering(() => passkeys.rename(callerOf(c).userId, c.req.valid('param').id, name));
      return { status: 200, body: renamed };
    },
    removePasskey: async (c) => {
      const { id } = c.req.valid('param');
      await answering(() => passkeys.remove(callerOf(c).userId, id, clientAddressOf(c, env)));
      return { status: 204 };
    },
    requestPasskeySignInOptions: async (c) => {
      const binding = randomBytes(32).toString('base64url');
      const options = await passkeys.requestOptions(
        { purpose: 'signIn', bindingHash: bindingHashOf(binding) },
        c.req.header('origin'),
      );
      setCookie(c, signInCookieName, binding, { ...signInCookieOptions(env), maxAge: passkeyChallengeSeconds });
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: options };
    },
    completePasskeySignIn: async (c) => {
      const binding = getCookie(c, signInCookieName);
      if (!binding) throw refusals.expired();
      const clientAddress = clientAddressOf(c, env);
      const result = await signInWithPasskey(
        { db, sessions, passkeys, rateLimiter },
        {
          bindingHash: bindingHashOf(binding),
          response: c.req.valid('json').response,
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
      return { status: 200, body: { outcome: 'signedIn', user: result.claims } };
    },
  };
}

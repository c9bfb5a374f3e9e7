import { type Context, Hono } from 'hono';
import { api } from '../../contract/api';
import type * as recentSignInCalls from '../../contract/calls/recent-sign-in';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { type RecentSignInConfirmed, RecentSignInMessage, RecentSignInRequest } from '../../contract/recent-sign-in';
import { SecondFactorMessage } from '../../contract/second-factor';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, clientAddressOf, requireSession, sessionOf, validateJson } from '../http/middleware';
import type { AppServices } from '../services/index';
import { RecentSignInRefused } from '../services/recent-sign-in';
import { commonRefusals, Refusal } from '../services/refusal';
import { SecondFactorRefused } from '../services/second-factor/second-factor';
import { refusalOf } from './second-factor';

/** A refused proof as its API answer, worded for the method it tried; any other error as it is. */
function recentSignInFailureOf(error: unknown, method: RecentSignInRequest['method']): unknown {
  if (error instanceof RecentSignInRefused) {
    return error.reason === 'rateLimited'
      ? commonRefusals.rateLimited(error.retryAfterSeconds)
      : new Refusal(ErrorCode.invalidCredentials, RecentSignInMessage.passwordIncorrect, { kind: 'invalid' });
  }
  if (error instanceof SecondFactorRefused && error.reason === 'invalidCode') {
    if (method === 'passkey') return new Refusal(ErrorCode.passkeyRefused, PasskeyMessage.notRecognised);
    const message =
      method === 'recoveryCode' ? SecondFactorMessage.recoveryCodeInvalid : SecondFactorMessage.codeInvalid;
    return new Refusal(ErrorCode.invalidCode, message);
  }
  return refusalOf(error);
}

/** POST /api/account/recent-sign-in and the options of a passkey that proves it. */
export function recentSignInRoutes(services: AppServices) {
  const { env, passkeys, recentSignIn } = services;
  const accountOf = (c: Context<AppEnv>) => {
    const { sessionId, claims } = sessionOf(c);
    return { userId: claims.sub, sessionId };
  };
  return new Hono<AppEnv>()
    .post(api.recentSignInPasskeyOptions, requireSession(), async (c) => {
      const options = await passkeys.requestOptions(
        { purpose: 'reauthenticate', ...accountOf(c) },
        c.req.header('origin'),
      );
      c.header('Cache-Control', 'no-store');
      return c.json(options, 200);
    })
    .post(api.recentSignIn, requireSession(), validateJson(RecentSignInRequest), async (c) => {
      const request = bodyOf(c, RecentSignInRequest);
      const recentUntil = await recentSignIn
        .confirm(accountOf(c), request, clientAddressOf(c, env))
        .catch((error: unknown) => {
          throw recentSignInFailureOf(error, request.method);
        });
      return c.json({ recentUntil: recentUntil.toISOString() } satisfies RecentSignInConfirmed, 200);
    });
}

/** The handlers of the calls declared in contract/calls/recent-sign-in.ts. */
export function recentSignInHandlers(_services: AppServices): Routes<typeof recentSignInCalls> {
  return {};
}

import type { Context } from 'hono';
import type * as recentSignInCalls from '../../contract/calls/recent-sign-in';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { RecentSignInMessage, type RecentSignInRequest } from '../../contract/recent-sign-in';
import { SecondFactorMessage } from '../../contract/second-factor';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, clientAddressOf, sessionOf } from '../http/middleware';
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

/**
 * The handlers of the calls declared in contract/calls/recent-sign-in.ts: POST
 * /api/account/recent-sign-in and the options of a passkey that proves it.
 */
export function recentSignInHandlers(services: AppServices): Routes<typeof recentSignInCalls> {
  const { env, passkeys, recentSignIn } = services;
  const accountOf = (c: Context<AppEnv>) => ({ userId: callerOf(c).userId, sessionId: sessionOf(c).sessionId });
  return {
    requestRecentSignInPasskeyOptions: async (c) => {
      const options = await passkeys.requestOptions(
        { purpose: 'reauthenticate', ...accountOf(c) },
        c.req.header('origin'),
      );
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: options };
    },
    confirmRecentSignIn: async (c) => {
      const request = c.req.valid('json');
      const recentUntil = await recentSignIn
        .confirm(accountOf(c), request, clientAddressOf(c, env))
        .catch((error: unknown) => {
          throw recentSignInFailureOf(error, request.method);
        });
      return { status: 200, body: { recentUntil: recentUntil.toISOString() } };
    },
  };
}

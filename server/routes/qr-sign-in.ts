import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type * as qrSignInCalls from '../../contract/calls/qr-sign-in';
import type { Env } from '../env';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, clientAddressOf, sessionCookieOptions, setSessionCookie } from '../http/middleware';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import {
  answerQrSignIn,
  createQrSignIn,
  qrSignInDetails,
  qrSignInState,
  redeemQrSignIn,
} from '../services/qr-sign-in/qr-sign-in';

/** The waiting browser's key: sent only to these paths, never readable by a script. */
const browserKeyCookie = 'portal_qr_key';
const browserKeyMaxAgeSeconds = 60 * 60;

function keyCookieOptions(env: Env) {
  // Strict: the key never travels with a request another site starts.
  return {
    ...sessionCookieOptions(env),
    sameSite: 'Strict',
    path: '/api/auth/qr',
    maxAge: browserKeyMaxAgeSeconds,
  } as const;
}

/** The handlers of the calls declared in contract/calls/qr-sign-in.ts. docs/decisions/0020-qr-sign-in.md. */
export function qrSignInHandlers(services: AppServices): Routes<typeof qrSignInCalls> {
  const { env } = services;
  /** The waiting browser: the key it holds, if any, and where it asks from. */
  const requesterOf = (c: Context<AppEnv>) => ({
    browserKey: getCookie(c, browserKeyCookie),
    userAgent: c.req.header('user-agent') ?? null,
    clientAddress: clientAddressOf(c, env),
  });

  return {
    // The waiting browser: a request of its own, its state, and its session once approved.
    createQrSignIn: async (c) => {
      const { id, matchNumber, browserKey } = await createQrSignIn(
        services,
        requesterOf(c),
        c.req.valid('json').replaces,
      );
      setCookie(c, browserKeyCookie, browserKey, keyCookieOptions(env));
      c.header('Cache-Control', 'no-store');
      return { status: 201, body: { id, matchNumber } };
    },
    getQrSignInStatus: async (c) => {
      const state = await qrSignInState(services, c.req.valid('param').id, getCookie(c, browserKeyCookie), {
        waitSeconds: c.req.valid('query').wait,
        signal: c.req.raw.signal,
      });
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: { state } };
    },
    redeemQrSignIn: async (c) => {
      const requester = requesterOf(c);
      const { token, claims } = await redeemQrSignIn(services, c.req.valid('param').id, requester);
      securityEvent(services.logger, {
        event: 'signIn.succeeded',
        clientAddress: requester.clientAddress,
        via: 'qr',
        userId: claims.sub,
      });
      setSessionCookie(c, env, token);
      return { status: 200, body: { user: claims } };
    },
    // The approving device: a signed-in person.
    getQrSignInRequest: async (c) => {
      const details = await qrSignInDetails(services, c.req.valid('param').id);
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: details };
    },
    approveQrSignIn: async (c) => {
      await answerQrSignIn(services, c.req.valid('param').id, callerOf(c), {
        choice: 'approve',
        number: c.req.valid('json').number,
      });
      return { status: 200, body: { success: true } };
    },
    declineQrSignIn: async (c) => {
      await answerQrSignIn(services, c.req.valid('param').id, callerOf(c), { choice: 'decline' });
      return { status: 200, body: { success: true } };
    },
  };
}

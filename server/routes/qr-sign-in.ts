import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { SessionResponse } from '../../contract/auth';
import type * as qrSignInCalls from '../../contract/calls/qr-sign-in';
import { ErrorCode } from '../../contract/errors';
import {
  ApproveQrSignInRequest,
  CreateQrSignInRequest,
  type QrSignInAnswered,
  type QrSignInCreated,
  type QrSignInDetails,
  QrSignInId,
  QrSignInMessage,
  type QrSignInStatus,
  QrSignInStatusQuery,
} from '../../contract/qr-sign-in';
import type { Env } from '../env';
import type { Routes } from '../http/calls';
import {
  type AppEnv,
  bodyOf,
  clientAddressOf,
  queryOf,
  requireSession,
  sessionCookieOptions,
  sessionOf,
  setSessionCookie,
  validateJson,
  validateQuery,
} from '../http/middleware';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import {
  type Answer,
  type AnswerOutcome,
  answerQrSignIn,
  browserKeyPattern,
  createQrSignIn,
  type DetailsOutcome,
  newBrowserKey,
  qrSignInDetails,
  qrSignInState,
  type RedeemOutcome,
  redeemQrSignIn,
} from '../services/qr-sign-in/qr-sign-in';
import { commonRefusals, Refusal } from '../services/refusal';

/** The waiting browser's key: sent only to these paths, never readable by a script. */
const browserKeyCookie = 'portal_qr_key';
const browserKeyMaxAgeSeconds = 60 * 60;

const qrFailures = {
  notFound: () => new Refusal(ErrorCode.notFound, QrSignInMessage.notFound),
  expired: () => new Refusal(ErrorCode.codeExpired, QrSignInMessage.expired, { kind: 'gone' }),
  answered: () => new Refusal(ErrorCode.codeUsed, QrSignInMessage.answered),
  notApproved: () => new Refusal(ErrorCode.forbidden, QrSignInMessage.notApproved),
  declined: () => new Refusal(ErrorCode.forbidden, QrSignInMessage.declined),
  numberMismatch: () => new Refusal(ErrorCode.numberMismatch, QrSignInMessage.numberMismatch),
};

const redeemRefusals: Record<Exclude<RedeemOutcome['outcome'], 'signedIn'>, () => Refusal> = {
  unknown: qrFailures.notFound,
  notApproved: qrFailures.notApproved,
  declined: qrFailures.declined,
  expired: qrFailures.expired,
  used: qrFailures.answered,
};

const detailsRefusals: Record<Exclude<DetailsOutcome['outcome'], 'found'>, () => Refusal> = {
  unknown: qrFailures.notFound,
  expired: qrFailures.expired,
  answered: qrFailures.answered,
};

const answerRefusals: Record<Exclude<AnswerOutcome['outcome'], 'answered' | 'rateLimited'>, () => Refusal> = {
  unknown: qrFailures.notFound,
  expired: qrFailures.expired,
  alreadyAnswered: qrFailures.answered,
  numberMismatch: qrFailures.numberMismatch,
};

/** The request id from the path: anything but a UUID names no request. */
function idOf(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!v.is(QrSignInId, id)) throw qrFailures.notFound();
  return id.toLowerCase();
}

/** The key this browser holds; without one it has asked for nothing, so no request is its own. */
function browserKeyOf(c: Context<AppEnv>): string {
  const key = getCookie(c, browserKeyCookie);
  if (!key || !browserKeyPattern.test(key)) throw qrFailures.notFound();
  return key;
}

function keyCookieOptions(env: Env) {
  // Strict: the key never travels with a request another site starts.
  return {
    ...sessionCookieOptions(env),
    sameSite: 'Strict',
    path: '/api/auth/qr',
    maxAge: browserKeyMaxAgeSeconds,
  } as const;
}

/** Mounted at api.qrSignIn. docs/decisions/qr-sign-in.md. */
export function qrSignInRoutes(services: AppServices) {
  const { env } = services;

  return (
    new Hono<AppEnv>()
      // The waiting browser: a request of its own, its state, and its session once approved.
      .post('/', validateJson(CreateQrSignInRequest), async (c) => {
        const existing = getCookie(c, browserKeyCookie);
        const browserKey = existing && browserKeyPattern.test(existing) ? existing : newBrowserKey();
        const result = await createQrSignIn(
          services,
          { browserKey, userAgent: c.req.header('user-agent') ?? null, clientAddress: clientAddressOf(c, env) },
          bodyOf(c, CreateQrSignInRequest).replaces,
        );
        if (result.outcome === 'rateLimited') throw commonRefusals.rateLimited(result.retryAfterSeconds);
        setCookie(c, browserKeyCookie, browserKey, keyCookieOptions(env));
        c.header('Cache-Control', 'no-store');
        return c.json({ id: result.id, matchNumber: result.matchNumber } satisfies QrSignInCreated, 201);
      })
      .get('/:id/status', validateQuery(QrSignInStatusQuery), async (c) => {
        const id = idOf(c);
        const state = await qrSignInState(services, id, browserKeyOf(c), {
          waitSeconds: queryOf(c, QrSignInStatusQuery).wait,
          signal: c.req.raw.signal,
        });
        if (state === null) throw qrFailures.notFound();
        c.header('Cache-Control', 'no-store');
        return c.json({ state } satisfies QrSignInStatus, 200);
      })
      .post('/:id/session', async (c) => {
        const id = idOf(c);
        const clientAddress = clientAddressOf(c, env);
        const result = await redeemQrSignIn(services, id, browserKeyOf(c), {
          userAgent: c.req.header('user-agent') ?? null,
          clientAddress,
        });
        if (result.outcome !== 'signedIn') throw redeemRefusals[result.outcome]();
        securityEvent(services.logger, {
          event: 'signIn.succeeded',
          clientAddress,
          via: 'qr',
          userId: result.claims.sub,
        });
        setSessionCookie(c, env, result.token);
        return c.json({ user: result.claims } satisfies SessionResponse, 200);
      })
      // The approving device: a signed-in person.
      .get('/:id', requireSession(), async (c) => {
        const result = await qrSignInDetails(services, idOf(c));
        if (result.outcome !== 'found') throw detailsRefusals[result.outcome]();
        c.header('Cache-Control', 'no-store');
        return c.json(result.details satisfies QrSignInDetails, 200);
      })
      .post('/:id/approve', requireSession(), validateJson(ApproveQrSignInRequest), (c) =>
        answer(c, { choice: 'approve', number: bodyOf(c, ApproveQrSignInRequest).number }),
      )
      .post('/:id/decline', requireSession(), (c) => answer(c, { choice: 'decline' }))
  );

  async function answer(c: Context<AppEnv>, choice: Answer) {
    const id = idOf(c);
    const result = await answerQrSignIn(services, id, sessionOf(c).claims.sub, choice);
    if (result.outcome === 'rateLimited') throw commonRefusals.rateLimited(result.retryAfterSeconds);
    if (result.outcome !== 'answered') throw answerRefusals[result.outcome]();
    return c.json({ success: true as const } satisfies QrSignInAnswered, 200);
  }
}

/** The handlers of the calls declared in contract/calls/qr-sign-in.ts. */
export function qrSignInHandlers(_services: AppServices): Routes<typeof qrSignInCalls> {
  return {};
}

import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { api } from '../../contract/api';
import type { SecondFactorRequired } from '../../contract/auth';
import type * as secondFactorCalls from '../../contract/calls/second-factor';
import { ErrorCode } from '../../contract/errors';
import {
  type AuthenticatorSetup,
  ConfirmAuthenticatorRequest,
  type RecoveryCodesIssued,
  SecondFactorAnswer,
  SecondFactorMessage,
  SecondFactorProofRequest,
  type SecondFactorSignedIn,
  type SecondFactorStatus,
  secondFactorChallengeSeconds,
} from '../../contract/second-factor';
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
import { bindingHashOf } from '../services/passkeys';
import { commonRefusals, Refusal } from '../services/refusal';
import {
  type SecondFactorRefusal,
  SecondFactorRefused,
  type SignInStep,
} from '../services/second-factor/second-factor';

/** The cookie that binds a sign-in waiting for its second step to its browser; sent only to its answer. */
const challengeCookieName = 'portal_second_factor';

function challengeCookieOptions(env: Pick<Env, 'production'>) {
  // Strict: the answer is sent by the portal's own page, never by a request another site starts.
  return { ...sessionCookieOptions(env), sameSite: 'Strict', path: api.secondFactor } as const;
}

const refusals: Record<SecondFactorRefusal, (retryAfterSeconds: number) => Refusal> = {
  invalidCode: () => new Refusal(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid),
  expired: () => new Refusal(ErrorCode.secondFactorExpired, SecondFactorMessage.challengeExpired),
  rateLimited: (retryAfterSeconds) => commonRefusals.rateLimited(retryAfterSeconds),
  alreadyOn: () => new Refusal(ErrorCode.secondFactorConflict, SecondFactorMessage.alreadyOn),
  notOn: () => new Refusal(ErrorCode.secondFactorConflict, SecondFactorMessage.notOn),
};

/** A refused second step or change as its API answer; any other error as it is. */
export function refusalOf(error: unknown): unknown {
  return error instanceof SecondFactorRefused ? refusals[error.reason](error.retryAfterSeconds) : error;
}

const answering = <T>(work: () => Promise<T>) =>
  work().catch((error) => {
    throw refusalOf(error);
  });

/** A setup's wrong first code says the setup may have expired; the routes answer as for a sign-in's. */
const setupRefusals = (error: unknown) =>
  error instanceof SecondFactorRefused && error.reason === 'expired'
    ? new Refusal(ErrorCode.secondFactorExpired, SecondFactorMessage.setupExpired)
    : refusalOf(error);

/**
 * A sign-in whose first step was right for an account with a second factor: the browser gets the
 * cookie of the waiting second step (no session), and is told which methods can answer it.
 */
export function askForSecondFactor(
  c: Context<AppEnv>,
  env: Pick<Env, 'production'>,
  step: Extract<SignInStep, { outcome: 'secondFactorRequired' }>,
): SecondFactorRequired {
  setCookie(c, challengeCookieName, step.binding, {
    ...challengeCookieOptions(env),
    maxAge: secondFactorChallengeSeconds,
  });
  return { outcome: 'secondFactorRequired', methods: step.methods };
}

/** The second step of a sign-in, and the account's authenticator app and recovery codes. */
export function secondFactorRoutes(services: AppServices) {
  const { env, logger, secondFactor, passkeys } = services;
  const accountOf = (c: Context<AppEnv>) => {
    const { sessionId, claims } = sessionOf(c);
    return { userId: claims.sub, sessionId };
  };
  const requesterOf = (c: Context<AppEnv>) => ({
    clientAddress: clientAddressOf(c, env),
    userAgent: c.req.header('user-agent') ?? null,
  });

  return new Hono<AppEnv>()
    .post(api.secondFactor, validateJson(SecondFactorAnswer), async (c) => {
      const requester = requesterOf(c);
      const signedIn = await answering(() =>
        secondFactor.answer(getCookie(c, challengeCookieName), bodyOf(c, SecondFactorAnswer), requester),
      );
      deleteCookie(c, challengeCookieName, challengeCookieOptions(env));
      securityEvent(logger, {
        event: 'signIn.succeeded',
        clientAddress: requester.clientAddress,
        via: 'secondFactor',
        userId: signedIn.claims.sub,
      });
      setSessionCookie(c, env, signedIn.token);
      return c.json(
        {
          outcome: 'signedIn',
          user: signedIn.claims,
          redirect: signedIn.redirect,
          accountCreated: signedIn.accountCreated,
        } satisfies SecondFactorSignedIn,
        200,
      );
    })
    .post(api.secondFactorPasskeyOptions, async (c) => {
      const binding = getCookie(c, challengeCookieName);
      const waiting = binding ? await secondFactor.waitingChallenge(binding) : null;
      if (!binding || !waiting) throw refusals.expired(0);
      const options = await passkeys.requestOptions(
        { purpose: 'secondStep', bindingHash: bindingHashOf(binding), userId: waiting.userId },
        c.req.header('origin'),
      );
      c.header('Cache-Control', 'no-store');
      return c.json(options, 200);
    })
    .get(api.accountSecondFactor, requireSession(), async (c) =>
      c.json((await secondFactor.status(sessionOf(c).claims.sub)) satisfies SecondFactorStatus, 200),
    )
    .post(api.authenticatorApp, requireSession(), requireRecentSignIn(services), async (c) => {
      const { claims } = sessionOf(c);
      const setup = await answering(() => secondFactor.beginSetup(claims.sub, claims.email));
      c.header('Cache-Control', 'no-store');
      return c.json(setup satisfies AuthenticatorSetup, 201);
    })
    .post(api.confirmAuthenticatorApp, requireSession(), validateJson(ConfirmAuthenticatorRequest), async (c) => {
      const { code } = bodyOf(c, ConfirmAuthenticatorRequest);
      const issued = await secondFactor.confirmSetup(sessionOf(c).claims.sub, code, requesterOf(c)).catch((error) => {
        throw setupRefusals(error);
      });
      c.header('Cache-Control', 'no-store');
      return c.json(issued satisfies RecoveryCodesIssued, 200);
    })
    .delete(api.authenticatorApp, requireSession(), validateJson(SecondFactorProofRequest), async (c) => {
      const { proof } = bodyOf(c, SecondFactorProofRequest);
      await answering(() => secondFactor.turnOff(accountOf(c), proof, requesterOf(c)));
      return c.body(null, 204);
    })
    .post(api.recoveryCodes, requireSession(), validateJson(SecondFactorProofRequest), async (c) => {
      const { proof } = bodyOf(c, SecondFactorProofRequest);
      const issued = await answering(() => secondFactor.newRecoveryCodes(accountOf(c), proof, requesterOf(c)));
      c.header('Cache-Control', 'no-store');
      return c.json(issued satisfies RecoveryCodesIssued, 200);
    });
}

/** The handlers of the calls declared in contract/calls/second-factor.ts. */
export function secondFactorHandlers(_services: AppServices): Routes<typeof secondFactorCalls> {
  return {};
}

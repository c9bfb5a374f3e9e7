import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SecondFactorRequired } from '../../contract/auth';
import type * as secondFactorCalls from '../../contract/calls/second-factor';
import { answerSecondStep } from '../../contract/calls/second-factor';
import { ErrorCode } from '../../contract/errors';
import { SecondFactorMessage, secondFactorChallengeSeconds } from '../../contract/second-factor';
import type { Env } from '../env';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, clientAddressOf, sessionCookieOptions, sessionOf, setSessionCookie } from '../http/middleware';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';
import {
  type SecondFactorRefusal,
  SecondFactorRefused,
  type SignInStep,
} from '../services/second-factor/second-factor';

/** The cookie that binds a sign-in waiting for its second step to its browser; sent only to its calls. */
const challengeCookieName = 'portal_second_factor';

function challengeCookieOptions(env: Pick<Env, 'production'>) {
  // Strict: the answer is sent by the portal's own page, never by a request another site starts.
  return { ...sessionCookieOptions(env), sameSite: 'Strict', path: answerSecondStep.path } as const;
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

/**
 * The handlers of the calls declared in contract/calls/second-factor.ts: the second step of a
 * sign-in, and the account's authenticator app and recovery codes.
 */
export function secondFactorHandlers(services: AppServices): Routes<typeof secondFactorCalls> {
  const { env, logger, secondFactor } = services;
  const accountOf = (c: Context<AppEnv>) => ({ userId: callerOf(c).userId, sessionId: sessionOf(c).sessionId });
  const requesterOf = (c: Context<AppEnv>) => ({
    clientAddress: clientAddressOf(c, env),
    userAgent: c.req.header('user-agent') ?? null,
  });

  return {
    answerSecondStep: async (c) => {
      const requester = requesterOf(c);
      const signedIn = await answering(() =>
        secondFactor.answer(getCookie(c, challengeCookieName), c.req.valid('json'), requester),
      );
      deleteCookie(c, challengeCookieName, challengeCookieOptions(env));
      securityEvent(logger, {
        event: 'signIn.succeeded',
        clientAddress: requester.clientAddress,
        via: 'secondFactor',
        userId: signedIn.claims.sub,
      });
      setSessionCookie(c, env, signedIn.token);
      return {
        status: 200,
        body: {
          outcome: 'signedIn',
          user: signedIn.claims,
          redirect: signedIn.redirect,
          accountCreated: signedIn.accountCreated,
        },
      };
    },
    requestSecondStepPasskeyOptions: async (c) => {
      const options = await answering(() =>
        secondFactor.passkeyOptions(getCookie(c, challengeCookieName), c.req.header('origin')),
      );
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: options };
    },
    getSecondFactorStatus: async (c) => ({ status: 200, body: await secondFactor.status(callerOf(c).userId) }),
    startAuthenticatorAppSetup: async (c) => {
      const caller = callerOf(c);
      const setup = await answering(() => secondFactor.beginSetup(caller.userId, caller.email));
      c.header('Cache-Control', 'no-store');
      return { status: 201, body: setup };
    },
    confirmAuthenticatorApp: async (c) => {
      const { code } = c.req.valid('json');
      const issued = await secondFactor.confirmSetup(callerOf(c).userId, code, requesterOf(c)).catch((error) => {
        throw setupRefusals(error);
      });
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: issued };
    },
    turnOffAuthenticatorApp: async (c) => {
      const { proof } = c.req.valid('json');
      await answering(() => secondFactor.turnOff(accountOf(c), proof, requesterOf(c)));
      return { status: 204 };
    },
    replaceRecoveryCodes: async (c) => {
      const { proof } = c.req.valid('json');
      const issued = await answering(() => secondFactor.newRecoveryCodes(accountOf(c), proof, requesterOf(c)));
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: issued };
    },
  };
}

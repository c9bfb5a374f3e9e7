import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionResponse } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import {
  CompleteSignInRequest,
  type CompleteSignInResponse,
  FederatedSignInMessage,
  federatedSignInLifetimeSeconds,
  StartCompanySignInRequest,
  StartProviderSignInRequest,
  type StartSignInResponse,
} from '../../contract/federated-sign-in';
import { ApiFailure, failures } from '../http/errors';
import {
  type AppEnv,
  bodyOf,
  clientAddressOf,
  sessionCookieOptions,
  setSessionCookie,
  validateJson,
} from '../http/middleware';
import { type FederatedSignInRefusal, FederatedSignInRefused } from '../services/federated-sign-in/federated-sign-in';
import type { AppServices } from '../services/index';

/** Binds a started sign-in to the browser that started it; only its SHA-256 is stored. */
export const signInBindingCookieName = 'portal_provider_sign_in';
/** Sent only to the calls that complete a sign-in. */
const bindingCookiePath = '/api/auth/providers';

const refusals: Record<FederatedSignInRefusal, (retryAfterSeconds: number) => ApiFailure> = {
  providerUnknown: () => new ApiFailure(404, ErrorCode.notFound, FederatedSignInMessage.providerUnknown),
  providerUnavailable: () =>
    new ApiFailure(503, ErrorCode.providerUnavailable, FederatedSignInMessage.providerUnavailable),
  unknownDomain: () => new ApiFailure(404, ErrorCode.unknownDomain, FederatedSignInMessage.unknownDomain),
  rateLimited: (retryAfterSeconds) => failures.rateLimited(retryAfterSeconds),
  signInExpired: () => new ApiFailure(400, ErrorCode.signInRefused, FederatedSignInMessage.signInExpired),
  signInRefused: () => new ApiFailure(400, ErrorCode.signInRefused, FederatedSignInMessage.signInRefused),
  cancelled: () => new ApiFailure(400, ErrorCode.signInRefused, FederatedSignInMessage.cancelled),
  emailMissing: () => new ApiFailure(400, ErrorCode.signInRefused, FederatedSignInMessage.emailMissing),
  emailNotVerified: () => new ApiFailure(409, ErrorCode.emailNotVerified, FederatedSignInMessage.emailNotVerified),
};

async function answering<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FederatedSignInRefused) throw refusals[error.reason](error.retryAfterSeconds);
    throw error;
  }
}

/** Sign-in through OpenID Connect providers: start (social or by work address) and complete. */
export function federatedSignInRoutes(services: AppServices) {
  const { env, federatedSignIn } = services;
  const bindingCookieOptions = { ...sessionCookieOptions(env), path: bindingCookiePath };

  return new Hono<AppEnv>()
    .post('/api/auth/providers/:provider/start', validateJson(StartProviderSignInRequest), async (c) => {
      const { redirect } = bodyOf(c, StartProviderSignInRequest);
      const { authorizationUrl, binding } = await answering(() =>
        federatedSignIn.startWithProvider(c.req.param('provider'), {
          redirect,
          clientAddress: clientAddressOf(c, env),
        }),
      );
      setCookie(c, signInBindingCookieName, binding, {
        ...bindingCookieOptions,
        maxAge: federatedSignInLifetimeSeconds,
      });
      return c.json({ authorizationUrl } satisfies StartSignInResponse, 200);
    })
    .post('/api/auth/company/start', validateJson(StartCompanySignInRequest), async (c) => {
      const { email, redirect } = bodyOf(c, StartCompanySignInRequest);
      const { authorizationUrl, binding } = await answering(() =>
        federatedSignIn.startWithCompanyEmail({ email, redirect, clientAddress: clientAddressOf(c, env) }),
      );
      setCookie(c, signInBindingCookieName, binding, {
        ...bindingCookieOptions,
        maxAge: federatedSignInLifetimeSeconds,
      });
      return c.json({ authorizationUrl } satisfies StartSignInResponse, 200);
    })
    .post('/api/auth/providers/:provider/complete', validateJson(CompleteSignInRequest), async (c) => {
      const binding = getCookie(c, signInBindingCookieName);
      // The started sign-in is used up by this call whatever its outcome.
      deleteCookie(c, signInBindingCookieName, bindingCookieOptions);
      const result = await answering(() =>
        federatedSignIn.complete(c.req.param('provider'), bodyOf(c, CompleteSignInRequest), {
          binding,
          clientAddress: clientAddressOf(c, env),
          userAgent: c.req.header('user-agent') ?? null,
        }),
      );
      setSessionCookie(c, env, result.token);
      return c.json(
        {
          user: result.claims,
          accountCreated: result.accountCreated,
          redirect: result.redirect,
        } satisfies CompleteSignInResponse & SessionResponse,
        200,
      );
    });
}

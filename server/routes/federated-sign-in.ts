import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionResponse } from '../../contract/auth';
import type * as federatedSignInCalls from '../../contract/calls/federated-sign-in';
import { ErrorCode } from '../../contract/errors';
import {
  CompleteSignInRequest,
  type CompleteSignInResponse,
  ConfirmLinkRequest,
  FederatedSignInMessage,
  federatedSignInLifetimeSeconds,
  identityLinkLifetimeSeconds,
  type LinkMailResponse,
  LinkWithPasswordRequest,
  type ProviderLinkResponse,
  type ProviderSignedIn,
  StartCompanySignInRequest,
  StartProviderSignInRequest,
  type StartSignInResponse,
} from '../../contract/federated-sign-in';
import type { Routes } from '../http/calls';
import {
  type AppEnv,
  bodyOf,
  clientAddressOf,
  sessionCookieOptions,
  setSessionCookie,
  validateJson,
} from '../http/middleware';
import { negotiateLocale } from '../mail/i18n';
import { type FederatedSignInRefusal, FederatedSignInRefused } from '../services/federated-sign-in/federated-sign-in';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';
import type { SignInStep } from '../services/second-factor/second-factor';
import { identityLinkFailureOf } from './linked-sign-ins';
import { askForSecondFactor } from './second-factor';

/** Binds a started sign-in to the browser that started it; only its SHA-256 is stored. */
export const signInBindingCookieName = 'portal_provider_sign_in';
/** Sent only to the calls that complete a sign-in. */
const bindingCookiePath = '/api/auth/providers';
/** Names the sign-in that waits for its owner's consent to be linked to an existing account (issue 21). */
export const identityLinkCookieName = 'portal_provider_link';
const identityLinkCookiePath = '/api/auth/providers/link';

const refusals: Record<FederatedSignInRefusal, (retryAfterSeconds: number) => Refusal> = {
  providerUnknown: () => new Refusal(ErrorCode.notFound, FederatedSignInMessage.providerUnknown),
  providerUnavailable: () => new Refusal(ErrorCode.providerUnavailable, FederatedSignInMessage.providerUnavailable),
  unknownDomain: () => new Refusal(ErrorCode.unknownDomain, FederatedSignInMessage.unknownDomain),
  rateLimited: (retryAfterSeconds) => commonRefusals.rateLimited(retryAfterSeconds),
  signInExpired: () => new Refusal(ErrorCode.signInRefused, FederatedSignInMessage.signInExpired),
  signInRefused: () => new Refusal(ErrorCode.signInRefused, FederatedSignInMessage.signInRefused),
  cancelled: () => new Refusal(ErrorCode.signInRefused, FederatedSignInMessage.cancelled),
  emailMissing: () => new Refusal(ErrorCode.signInRefused, FederatedSignInMessage.emailMissing),
  emailNotVerified: () => new Refusal(ErrorCode.emailNotVerified, FederatedSignInMessage.emailNotVerified),
};

async function answering<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FederatedSignInRefused) throw refusals[error.reason](error.retryAfterSeconds);
    throw identityLinkFailureOf(error);
  }
}

/** Sign-in through OpenID Connect providers: start (social or by work address) and complete. */
export function federatedSignInRoutes(services: AppServices) {
  const { env, federatedSignIn, identityLinks } = services;
  const bindingCookieOptions = { ...sessionCookieOptions(env), path: bindingCookiePath };
  const identityLinkCookieOptions = { ...sessionCookieOptions(env), path: identityLinkCookiePath };
  const requesterOf = (c: Context<AppEnv>) => ({
    clientAddress: clientAddressOf(c, env),
    userAgent: c.req.header('user-agent') ?? null,
  });

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
      if (result.outcome === 'linkRequired') {
        setCookie(c, identityLinkCookieName, result.binding, {
          ...identityLinkCookieOptions,
          maxAge: identityLinkLifetimeSeconds,
        });
        const { provider, email, passwordSet } = result;
        return c.json({ outcome: 'linkRequired', provider, email, passwordSet } satisfies CompleteSignInResponse, 200);
      }
      if (result.outcome === 'secondFactorRequired') {
        return c.json(askForSecondFactor(c, env, result) satisfies CompleteSignInResponse, 200);
      }
      setSessionCookie(c, env, result.token);
      return c.json(
        {
          outcome: 'signedIn',
          user: result.claims,
          accountCreated: result.accountCreated,
          redirect: result.redirect,
        } satisfies CompleteSignInResponse & SessionResponse,
        200,
      );
    })
    .post('/api/auth/providers/link/password', validateJson(LinkWithPasswordRequest), async (c) => {
      const { password } = bodyOf(c, LinkWithPasswordRequest);
      const linked = await answering(() =>
        identityLinks.linkWithPassword(getCookie(c, identityLinkCookieName), password, requesterOf(c)),
      );
      deleteCookie(c, identityLinkCookieName, identityLinkCookieOptions);
      return c.json(signedInAfterLink(c, linked), 200);
    })
    .post('/api/auth/providers/link/mail', async (c) => {
      await answering(() =>
        identityLinks.mailLink(getCookie(c, identityLinkCookieName), negotiateLocale(c.req.header('accept-language'))),
      );
      return c.json({ success: true, message: FederatedSignInMessage.linkMailSent } satisfies LinkMailResponse, 202);
    })
    .post('/api/auth/providers/link/confirm', validateJson(ConfirmLinkRequest), async (c) => {
      const { token } = bodyOf(c, ConfirmLinkRequest);
      const linked = await answering(() => identityLinks.confirm(token, requesterOf(c)));
      deleteCookie(c, identityLinkCookieName, identityLinkCookieOptions);
      return c.json(signedInAfterLink(c, linked), 200);
    });

  /**
   * A consented link signs the person in, to where their provider sign-in was started to lead, or
   * asks for the account's second step first.
   */
  function signedInAfterLink(
    c: Context<AppEnv>,
    linked:
      | Exclude<SignInStep, { outcome: 'signedIn' }>
      | (Extract<SignInStep, { outcome: 'signedIn' }> & { redirect: string }),
  ): ProviderLinkResponse {
    if (linked.outcome === 'secondFactorRequired') return askForSecondFactor(c, env, linked);
    setSessionCookie(c, env, linked.token);
    return {
      outcome: 'signedIn',
      user: linked.claims,
      accountCreated: false,
      redirect: linked.redirect,
    } satisfies ProviderSignedIn & SessionResponse;
  }
}

/** The handlers of the calls declared in contract/calls/federated-sign-in.ts. */
export function federatedSignInHandlers(_services: AppServices): Routes<typeof federatedSignInCalls> {
  return {};
}

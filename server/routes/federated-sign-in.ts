import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type * as federatedSignInCalls from '../../contract/calls/federated-sign-in';
import {
  FederatedSignInMessage,
  federatedSignInLifetimeSeconds,
  identityLinkLifetimeSeconds,
  type ProviderLinkResponse,
} from '../../contract/federated-sign-in';
import type { Routes } from '../http/calls';
import { type AppEnv, clientAddressOf, sessionCookieOptions, setSessionCookie } from '../http/middleware';
import { negotiateLocale } from '../mail/i18n';
import type { AppServices } from '../services/index';
import type { SignInStep } from '../services/second-factor/second-factor';
import { askForSecondFactor } from './second-factor';

/** Binds a started sign-in to the browser that started it; only its SHA-256 is stored. */
export const signInBindingCookieName = 'portal_provider_sign_in';
/** Sent only to the calls that complete a sign-in. */
const bindingCookiePath = '/api/auth/providers';
/** Names the sign-in that waits for its owner's consent to be linked to an existing account (issue 21). */
export const identityLinkCookieName = 'portal_provider_link';
const identityLinkCookiePath = '/api/auth/providers/link';

/** The handlers of the calls declared in contract/calls/federated-sign-in.ts: start (social or by work address), complete, and consent to a link. */
export function federatedSignInHandlers(services: AppServices): Routes<typeof federatedSignInCalls> {
  const { env, federatedSignIn, identityLinks } = services;
  const bindingCookieOptions = { ...sessionCookieOptions(env), path: bindingCookiePath };
  const identityLinkCookieOptions = { ...sessionCookieOptions(env), path: identityLinkCookiePath };
  const requesterOf = (c: Context<AppEnv>) => ({
    clientAddress: clientAddressOf(c, env),
    userAgent: c.req.header('user-agent') ?? null,
  });
  const setBindingCookie = (c: Context<AppEnv>, binding: string) =>
    setCookie(c, signInBindingCookieName, binding, { ...bindingCookieOptions, maxAge: federatedSignInLifetimeSeconds });

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
    deleteCookie(c, identityLinkCookieName, identityLinkCookieOptions);
    if (linked.outcome === 'secondFactorRequired') return askForSecondFactor(c, env, linked);
    setSessionCookie(c, env, linked.token);
    return { outcome: 'signedIn', user: linked.claims, accountCreated: false, redirect: linked.redirect };
  }

  return {
    startProviderSignIn: async (c) => {
      const { authorizationUrl, binding } = await federatedSignIn.startWithProvider(c.req.valid('param').provider, {
        redirect: c.req.valid('json').redirect,
        clientAddress: clientAddressOf(c, env),
      });
      setBindingCookie(c, binding);
      return { status: 200, body: { authorizationUrl } };
    },
    startCompanySignIn: async (c) => {
      const { email, redirect } = c.req.valid('json');
      const { authorizationUrl, binding } = await federatedSignIn.startWithCompanyEmail({
        email,
        redirect,
        clientAddress: clientAddressOf(c, env),
      });
      setBindingCookie(c, binding);
      return { status: 200, body: { authorizationUrl } };
    },
    completeProviderSignIn: async (c) => {
      const binding = getCookie(c, signInBindingCookieName);
      // The started sign-in is used up by this call whatever its outcome.
      deleteCookie(c, signInBindingCookieName, bindingCookieOptions);
      const result = await federatedSignIn.complete(c.req.valid('param').provider, c.req.valid('json'), {
        binding,
        ...requesterOf(c),
      });
      if (result.outcome === 'linkRequired') {
        setCookie(c, identityLinkCookieName, result.binding, {
          ...identityLinkCookieOptions,
          maxAge: identityLinkLifetimeSeconds,
        });
        const { provider, email, passwordSet } = result;
        return { status: 200, body: { outcome: 'linkRequired', provider, email, passwordSet } };
      }
      if (result.outcome === 'secondFactorRequired') {
        return { status: 200, body: askForSecondFactor(c, env, result) };
      }
      setSessionCookie(c, env, result.token);
      return {
        status: 200,
        body: {
          outcome: 'signedIn',
          user: result.claims,
          accountCreated: result.accountCreated,
          redirect: result.redirect,
        },
      };
    },
    linkProviderWithPassword: async (c) => {
      const linked = await identityLinks.linkWithPassword(
        getCookie(c, identityLinkCookieName),
        c.req.valid('json').password,
        requesterOf(c),
      );
      return { status: 200, body: signedInAfterLink(c, linked) };
    },
    mailProviderLink: async (c) => {
      await identityLinks.mailLink(
        getCookie(c, identityLinkCookieName),
        negotiateLocale(c.req.header('accept-language')),
      );
      return { status: 202, body: { success: true, message: FederatedSignInMessage.linkMailSent } };
    },
    confirmProviderLink: async (c) => {
      const linked = await identityLinks.confirm(c.req.valid('json').token, requesterOf(c));
      return { status: 200, body: signedInAfterLink(c, linked) };
    },
  };
}

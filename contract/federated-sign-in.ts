import * as v from 'valibot';
import { Email, SecondFactorRequired, SessionClaims } from './auth';
import type { RateLimit } from './http';

/**
 * Sign-in through an OpenID Connect provider (issue 11): two social providers and an enterprise
 * one, reached by the company's e-mail domain. The portal starts the authorization code flow with
 * PKCE, state and nonce, the provider sends the person back to `/auth/callback/{provider}`, and that
 * page hands the answer to the API, which completes the flow and starts the session.
 * The protocol and its checks: docs/decisions/0019-federated-sign-in.md.
 */

export const FederatedSignInMessage = {
  unknownDomain: 'Your company does not use single sign-on with us. Sign in with your e-mail and password instead.',
  providerUnknown: 'This way of signing in is not available.',
  providerUnavailable: 'The sign-in provider cannot be reached right now. Please try again later.',
  signInExpired: 'This sign-in has expired or was already used. Please start again.',
  signInRefused: 'The sign-in could not be confirmed. Please start again.',
  cancelled: 'The sign-in was cancelled.',
  emailMissing: 'The provider did not share your e-mail address, which your account needs.',
  emailNotVerified:
    'The provider has not confirmed that this e-mail address is yours, so it cannot sign you in. Sign in with your password, or create an account with a code sent to the address.',
  linkExpired: 'This link has expired or was already used. Sign in with the provider again to link it to your account.',
  linkPasswordIncorrect:
    'That is not the password of this account. Try again, or have a link sent to your e-mail address.',
  linkMailSent:
    'We sent a link to your e-mail address. Open it within 30 minutes to link this sign-in to your account.',
} as const;

/** The portal's keys of the providers; each is shown only when configured. */
export const ProviderId = v.picklist(['google', 'microsoft', 'enterprise'], FederatedSignInMessage.providerUnknown);
export type ProviderId = v.InferOutput<typeof ProviderId>;

/** What the sign-in page knows of a configured provider (put in the page with the rest of the configuration). */
export const SignInProvider = v.object({ id: ProviderId, name: v.string() });
export type SignInProvider = v.InferOutput<typeof SignInProvider>;

/** How long a started sign-in can be completed: ten minutes at the provider. */
export const federatedSignInLifetimeSeconds = 10 * 60;

/** Starts per client address: enough for an office behind one address, too few to fill the table. */
export const federatedSignInLimits = {
  startsPerAddress: {
    name: 'federated-sign-in-starts:address',
    limit: 30,
    windowSeconds: 10 * 60,
    per: 'client address',
  },
} as const satisfies Record<string, RateLimit>;

/** Where to go after signing in: a path of the portal or an address on the order site (checked by the server). */
const Redirect = v.optional(v.pipe(v.string(), v.maxLength(2048)));

/** POST /api/auth/providers/{provider}/start */
export const StartProviderSignInRequest = v.object({ redirect: Redirect });
export type StartProviderSignInRequest = v.InferInput<typeof StartProviderSignInRequest>;

/** POST /api/auth/company/start: the work address chooses the company's provider. */
export const StartCompanySignInRequest = v.object({ email: Email, redirect: Redirect });
export type StartCompanySignInRequest = v.InferInput<typeof StartCompanySignInRequest>;

/** Both starts: the browser goes on to the provider's authorization address. */
export const StartSignInResponse = v.object({ authorizationUrl: v.pipe(v.string(), v.url()) });
export type StartSignInResponse = v.InferOutput<typeof StartSignInResponse>;

const CallbackParameter = v.optional(v.pipe(v.string(), v.maxLength(4096)));

/** POST /api/auth/providers/{provider}/complete: the query the provider sent the person back with. */
export const CompleteSignInRequest = v.object({
  code: CallbackParameter,
  state: CallbackParameter,
  iss: CallbackParameter,
  error: CallbackParameter,
});
export type CompleteSignInRequest = v.InferInput<typeof CompleteSignInRequest>;

/** A provider's sign-in that started a session: the answer of a completion and of a consented link. */
export const ProviderSignedIn = v.object({
  outcome: v.literal('signedIn'),
  user: SessionClaims,
  /** This sign-in created the account (the phone offer is made only then). */
  accountCreated: v.boolean(),
  /** Where the sign-in was started to lead: a portal path, or an address on the order site. */
  redirect: v.string(),
});
export type ProviderSignedIn = v.InferOutput<typeof ProviderSignedIn>;

/**
 * The provider vouches for the address of an account that exists and is not yet linked to this
 * sign-in (issue 21): its owner consents first, with the account's password (when it has one) or
 * by a link mailed to the address. No session exists until then.
 */
export const ProviderLinkRequired = v.object({
  outcome: v.literal('linkRequired'),
  provider: ProviderId,
  /** The account's address (the same the provider gave). */
  email: Email,
  /** The account has a password, so it can consent with it; otherwise only by the mailed link. */
  passwordSet: v.boolean(),
});
export type ProviderLinkRequired = v.InferOutput<typeof ProviderLinkRequired>;

export const CompleteSignInResponse = v.variant('outcome', [
  ProviderSignedIn,
  ProviderLinkRequired,
  SecondFactorRequired,
]);
export type CompleteSignInResponse = v.InferOutput<typeof CompleteSignInResponse>;

/** POST /api/auth/providers/link/password and …/link/confirm: signed in, or the second step is asked for. */
export const ProviderLinkResponse = v.variant('outcome', [ProviderSignedIn, SecondFactorRequired]);
export type ProviderLinkResponse = v.InferOutput<typeof ProviderLinkResponse>;

/** How long a sign-in waits for its owner's consent to the link, the mailed link included. */
export const identityLinkLifetimeSeconds = 30 * 60;

/**
 * Consent mails are limited per waiting sign-in and per account: the account's owner is not to be
 * flooded with them (each needs a sign-in at a provider that vouches for the owner's address).
 */
export const identityLinkLimits = {
  mailsPerLink: {
    name: 'identity-link-mails:link',
    limit: 3,
    windowSeconds: identityLinkLifetimeSeconds,
    per: 'waiting sign-in',
  },
  mailsPerAccount: { name: 'identity-link-mails:account', limit: 10, windowSeconds: 24 * 3600, per: 'account' },
} as const satisfies Record<string, RateLimit>;

/** POST /api/auth/providers/link/password: the account's password consents to the link. */
export const LinkWithPasswordRequest = v.object({
  password: v.pipe(v.string(), v.minLength(1, 'Password is required'), v.maxLength(1024)),
});
export type LinkWithPasswordRequest = v.InferInput<typeof LinkWithPasswordRequest>;

/** POST /api/auth/providers/link/mail: a link to consent with, mailed to the account's address. */
export const LinkMailResponse = v.object({ success: v.literal(true), message: v.string() });
export type LinkMailResponse = v.InferOutput<typeof LinkMailResponse>;

/** POST /api/auth/providers/link/confirm: the mailed link's token consents to the link. */
export const ConfirmLinkRequest = v.object({
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, FederatedSignInMessage.linkExpired)),
});
export type ConfirmLinkRequest = v.InferInput<typeof ConfirmLinkRequest>;

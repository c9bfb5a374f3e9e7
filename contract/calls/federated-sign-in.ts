import { signInLimits } from '../auth';
import { ErrorCode } from '../errors';
import {
  CompleteSignInRequest,
  CompleteSignInResponse,
  ConfirmLinkRequest,
  federatedSignInLimits,
  identityLinkLimits,
  LinkMailResponse,
  LinkWithPasswordRequest,
  ProviderLinkResponse,
  StartCompanySignInRequest,
  StartProviderSignInRequest,
  StartSignInResponse,
} from '../federated-sign-in';
import { declareCall } from '../http';

export const startProviderSignIn = declareCall({
  method: 'POST',
  path: '/api/auth/providers/{provider}/start',
  summary: 'Start a sign-in with a social provider: its authorization address',
  description:
    'The browser goes on to `authorizationUrl`. The answer sets an HttpOnly cookie that binds the sign-in to this browser: only it can complete the sign-in, within ten minutes. The enterprise provider is reached by a work address instead (`POST /api/auth/company/start`).',
  tag: 'Sign-in with a provider',
  access: 'visitor',
  body: StartProviderSignInRequest,
  answers: { 200: StartSignInResponse },
  refusals: [ErrorCode.notFound, ErrorCode.providerUnavailable, ErrorCode.rateLimited],
  rateLimits: [federatedSignInLimits.startsPerAddress],
});

export const startCompanySignIn = declareCall({
  method: 'POST',
  path: '/api/auth/company/start',
  summary: "Start a sign-in with the provider of the work address's company",
  description: "As a social provider's start; the address's domain chooses the provider, and is its login hint.",
  tag: 'Sign-in with a provider',
  access: 'visitor',
  body: StartCompanySignInRequest,
  answers: { 200: StartSignInResponse },
  refusals: [ErrorCode.unknownDomain, ErrorCode.providerUnavailable, ErrorCode.rateLimited],
  rateLimits: [federatedSignInLimits.startsPerAddress],
});

export const completeProviderSignIn = declareCall({
  method: 'POST',
  path: '/api/auth/providers/{provider}/complete',
  summary: 'Complete a provider sign-in with the answer the provider sent the person back with',
  description:
    "Only from the browser that started the sign-in (its binding cookie), once: the started sign-in is used up whatever the outcome. Signed in (the session cookie is set), or the account's second step is asked for, or the provider's sign-in waits for the consent of the account with its address (`linkRequired`: a cookie names the waiting sign-in for the `/api/auth/providers/link/…` calls).",
  tag: 'Sign-in with a provider',
  access: 'visitor',
  body: CompleteSignInRequest,
  answers: { 200: CompleteSignInResponse },
  refusals: [ErrorCode.notFound, ErrorCode.signInRefused, ErrorCode.emailNotVerified, ErrorCode.providerUnavailable],
});

export const linkProviderWithPassword = declareCall({
  method: 'POST',
  path: '/api/auth/providers/link/password',
  summary: "Consent with the account's password to link the waiting provider sign-in",
  description:
    "From the browser whose provider sign-in waits (the cookie `linkRequired` set). A wrong password counts as a failed sign-in of the account. Signed in, or the account's second step is asked for.",
  tag: 'Sign-in with a provider',
  access: 'waitingBrowser',
  body: LinkWithPasswordRequest,
  answers: { 200: ProviderLinkResponse },
  refusals: [ErrorCode.linkExpired, ErrorCode.invalidCredentials, ErrorCode.rateLimited],
  rateLimits: [signInLimits.perAccount, signInLimits.perAddress],
});

export const mailProviderLink = declareCall({
  method: 'POST',
  path: '/api/auth/providers/link/mail',
  summary: "Mail the account's address a link that consents to link the waiting provider sign-in",
  description: 'From the browser whose provider sign-in waits. A new mail replaces the link of the one before.',
  tag: 'Sign-in with a provider',
  access: 'waitingBrowser',
  answers: { 202: LinkMailResponse },
  refusals: [ErrorCode.linkExpired, ErrorCode.rateLimited],
  rateLimits: [identityLinkLimits.mailsPerLink, identityLinkLimits.mailsPerAccount],
});

export const confirmProviderLink = declareCall({
  method: 'POST',
  path: '/api/auth/providers/link/confirm',
  summary: 'Consent with the mailed link to link the waiting provider sign-in',
  description: "Signed in, wherever the link is opened, or the account's second step is asked for.",
  tag: 'Sign-in with a provider',
  access: 'visitor',
  body: ConfirmLinkRequest,
  answers: { 200: ProviderLinkResponse },
  refusals: [ErrorCode.linkExpired],
});

import { signInLimits } from '../auth';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import { PasskeyRequestOptions } from '../passkeys';
import { RecentSignInConfirmed, RecentSignInRequest } from '../recent-sign-in';
import { secondFactorLimits } from '../second-factor';

export const requestRecentSignInPasskeyOptions = declareCall({
  method: 'POST',
  path: '/api/account/recent-sign-in/passkey-options',
  summary: 'The options of a passkey that proves a recent sign-in',
  description: "WebAuthn request options for the account's passkeys, bound to this session.",
  tag: 'Recent sign-in',
  access: 'session',
  answers: { 200: PasskeyRequestOptions },
});

export const confirmRecentSignIn = declareCall({
  method: 'POST',
  path: '/api/account/recent-sign-in',
  summary: 'Prove that the session’s person is at hand; sensitive changes need it within 10 minutes',
  description:
    'By a method the account offers (the `methods` of a 403 `recent_sign_in_required`): the password only where no authenticator app is on. A wrong password counts as a failed sign-in; a wrong code as a wrong second step.',
  tag: 'Recent sign-in',
  access: 'session',
  body: RecentSignInRequest,
  answers: { 200: RecentSignInConfirmed },
  refusals: [
    ErrorCode.invalidCredentials,
    ErrorCode.invalidCode,
    ErrorCode.passkeyRefused,
    ErrorCode.secondFactorExpired,
    ErrorCode.rateLimited,
  ],
  rateLimits: [
    signInLimits.perAccount,
    signInLimits.perAddress,
    secondFactorLimits.perAccount,
    secondFactorLimits.perAddress,
  ],
});

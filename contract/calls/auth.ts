import { LoginRequest, LoginResponse, LogoutResponse, signInLimits } from '../auth';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';

export const signInWithPassword = declareCall({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with an e-mail address and a password',
  description:
    'Signed in (the session cookie is set), or the second step is asked for (a cookie binds it to this browser). One refusal for an unknown address and a wrong password; only failures count towards the limits.',
  tag: 'Sign-in',
  access: 'visitor',
  body: LoginRequest,
  answers: { 200: LoginResponse },
  refusals: [ErrorCode.invalidCredentials, ErrorCode.rateLimited, ErrorCode.serviceBusy],
  rateLimits: [signInLimits.perAccount, signInLimits.perAddress],
});

export const signOut = declareCall({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Sign out: end the session and clear its cookie',
  description: 'Answers the same without a session.',
  tag: 'Sign-in',
  access: 'visitor',
  answers: { 200: LogoutResponse },
});

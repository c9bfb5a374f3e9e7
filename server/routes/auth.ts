import { deleteCookie } from 'hono/cookie';
import type * as authCalls from '../../contract/calls/auth';
import { ErrorCode } from '../../contract/errors';
import type { Routes } from '../http/calls';
import { clientAddressOf, sessionCookieNameOf, sessionCookieOptions, setSessionCookie } from '../http/middleware';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';
import { signInWithPassword } from '../services/sign-in';
import { askForSecondFactor } from './second-factor';

/** The handlers of the calls declared in contract/calls/auth.ts. */
export function authHandlers(services: AppServices): Routes<typeof authCalls> {
  const { env, logger } = services;
  const cookieOptions = sessionCookieOptions(env);

  return {
    signInWithPassword: async (c) => {
      const { email, password } = c.req.valid('json');
      const clientAddress = clientAddressOf(c, env);
      const result = await signInWithPassword(services, {
        email,
        password,
        clientAddress,
        userAgent: c.req.header('user-agent') ?? null,
      });
      // The typed address is never logged: it may be a password typed into the wrong field.
      if (result.outcome === 'rateLimited') {
        securityEvent(logger, { event: 'signIn.lockedOut', clientAddress, via: 'password', reason: 'tooManyFailures' });
        throw commonRefusals.rateLimited(result.retryAfterSeconds);
      }
      if (result.outcome === 'invalidCredentials') {
        securityEvent(logger, {
          event: 'signIn.failed',
          clientAddress,
          via: 'password',
          reason: result.reason,
          userId: result.userId ?? undefined,
        });
        // One answer for an unknown e-mail and a wrong password: the account is not revealed.
        throw new Refusal(ErrorCode.invalidCredentials, 'The e-mail address or password is incorrect.');
      }
      if (result.outcome === 'secondFactorRequired') {
        return { status: 200, body: askForSecondFactor(c, env, result) };
      }
      securityEvent(logger, { event: 'signIn.succeeded', clientAddress, via: 'password', userId: result.claims.sub });
      setSessionCookie(c, env, result.token);
      return { status: 200, body: { outcome: 'signedIn', user: result.claims } };
    },
    signOut: async (c) => {
      const session = c.get('session');
      if (session) await services.sessions.revoke(session.sessionId);
      deleteCookie(c, sessionCookieNameOf(env), cookieOptions);
      return { status: 200, body: { success: true } };
    },
  };
}

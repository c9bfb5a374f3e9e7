import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { LoginRequest, type SessionResponse } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { ApiFailure, failures } from '../http/errors';
import {
  type AppEnv,
  bodyOf,
  clientAddressOf,
  sessionCookieName,
  sessionCookieOptions,
  setSessionCookie,
  validateJson,
} from '../http/middleware';
import type { AppServices } from '../services/index';
import { signInWithPassword } from '../services/sign-in';

export function authRoutes(services: AppServices) {
  const { env } = services;
  const cookieOptions = sessionCookieOptions(env);

  return new Hono<AppEnv>()
    .post('/login', validateJson(LoginRequest), async (c) => {
      const { email, password } = bodyOf(c, LoginRequest);
      const result = await signInWithPassword(services, {
        email,
        password,
        clientAddress: clientAddressOf(c, env),
        userAgent: c.req.header('user-agent') ?? null,
      });
      if (result.outcome === 'rateLimited') throw failures.rateLimited(result.retryAfterSeconds);
      if (result.outcome === 'invalidCredentials') {
        // One answer for an unknown e-mail and a wrong password: the account is not revealed.
        throw new ApiFailure(401, ErrorCode.invalidCredentials, 'The e-mail address or password is incorrect.');
      }
      setSessionCookie(c, env, result.token);
      return c.json({ user: result.claims } satisfies SessionResponse, 200);
    })
    .post('/logout', async (c) => {
      const session = c.get('session');
      if (session) await services.sessions.revoke(session.sessionId);
      deleteCookie(c, sessionCookieName, cookieOptions);
      return c.json({ success: true as const }, 200);
    });
}

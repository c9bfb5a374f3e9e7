import { Hono } from 'hono';
import { ErrorCode } from '../../contract/errors';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  type ForgotPasswordResponse,
  PasswordMessage,
  ResetPasswordRequest,
} from '../../contract/password';
import { type AppEnv, bodyOf, clientAddressOf, requireSession, sessionOf, validateJson } from '../http/middleware';
import { spendRateLimits } from '../http/rate-limits';
import { negotiateLocale } from '../mail/i18n';
import { securityEvent } from '../security-events';
import { findUserById } from '../services/accounts';
import type { AppServices } from '../services/index';
import { changePassword, queuePasswordResetRequest, resetPassword, resetTokenStatus } from '../services/password-reset';
import { isCommonPassword, verifyPassword } from '../services/passwords';
import type { RateLimitRule } from '../services/rate-limit';
import { commonRefusals, Refusal } from '../services/refusal';
import { signInLimits } from '../services/sign-in';

export const passwordLimits = {
  resetMailsPerAddress: { name: 'password-reset:address', limit: 3, windowSeconds: 3600 },
  resetRequestsPerClient: { name: 'password-reset:client', limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

const invalidResetLink = () => new Refusal(ErrorCode.invalidResetToken, PasswordMessage.invalidResetLink);

export function passwordRoutes(services: AppServices) {
  const { rateLimiter, env } = services;

  return new Hono<AppEnv>()
    .post('/forgot', validateJson(ForgotPasswordRequest), async (c) => {
      const { email } = bodyOf(c, ForgotPasswordRequest);
      const client = clientAddressOf(c, env);
      await spendRateLimits(rateLimiter, [[passwordLimits.resetRequestsPerClient, client]]);
      const addressVerdict = await rateLimiter.take(passwordLimits.resetMailsPerAddress, email);
      // The same answer, after the same work, for every address: the request is queued, and
      // whether the address has an account is looked up by a background task, apart from any
      // answer (PGlite runs queries on this thread, so work merely deferred to the next tick still
      // slowed the answer of a known address). The per-address limit holds for unknown addresses
      // too, so it tells nothing either.
      if (addressVerdict.allowed) {
        await queuePasswordResetRequest(services, email, negotiateLocale(c.req.header('accept-language')));
      }
      return c.json(
        { success: true as const, message: PasswordMessage.resetRequested } satisfies ForgotPasswordResponse,
        202,
      );
    })
    .get('/reset/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await resetTokenStatus(services, c.req.param('token')), 200);
    })
    .post('/reset', validateJson(ResetPasswordRequest), async (c) => {
      const { token, password, unlinkSignIns } = bodyOf(c, ResetPasswordRequest);
      if (isCommonPassword(password)) throw commonRefusals.passwordTooCommon();
      const reset = await resetPassword(services, token, password, { unlinkSignIns });
      if (!reset) throw invalidResetLink();
      const { userId, unlinkedProviders } = reset;
      const clientAddress = clientAddressOf(c, env);
      securityEvent(services.logger, { event: 'password.reset', clientAddress, userId });
      for (const provider of unlinkedProviders) {
        securityEvent(services.logger, {
          event: 'identity.unlinked',
          clientAddress,
          userId,
          provider,
          reason: 'passwordReset',
        });
      }
      return c.json({ success: true as const }, 200);
    })
    .put('/', requireSession(), validateJson(ChangePasswordRequest), async (c) => {
      const { sessionId, claims } = sessionOf(c);
      const { currentPassword, newPassword } = bodyOf(c, ChangePasswordRequest);
      if (isCommonPassword(newPassword)) throw commonRefusals.passwordTooCommon();
      // A wrong current password counts as a failed sign-in; the try is taken before the comparison.
      const limits = [[signInLimits.perAccount, claims.email]] as const;
      await spendRateLimits(rateLimiter, limits);
      const user = await findUserById(services.db, claims.sub);
      const matches = await rateLimiter.givingBackOnFailure(limits, () =>
        verifyPassword(user?.passwordHash, currentPassword),
      );
      if (!user || !matches) {
        throw new Refusal(ErrorCode.currentPasswordIncorrect, PasswordMessage.currentPasswordIncorrect);
      }
      await rateLimiter.refundAll(limits);
      await changePassword(services, user.id, sessionId, newPassword);
      securityEvent(services.logger, {
        event: 'password.changed',
        clientAddress: clientAddressOf(c, env),
        userId: user.id,
      });
      return c.json({ success: true as const }, 200);
    });
}

import type * as passwordCalls from '../../contract/calls/password';
import { ErrorCode } from '../../contract/errors';
import { PasswordMessage, passwordResetLimits } from '../../contract/password';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { clientAddressOf, sessionOf } from '../http/middleware';
import { negotiateLocale } from '../mail/i18n';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import { changePassword, queuePasswordResetRequest, resetPassword, resetTokenStatus } from '../services/password-reset';
import { spendRateLimits } from '../services/rate-limit';
import { Refusal } from '../services/refusal';

export function passwordHandlers(services: AppServices): Routes<typeof passwordCalls> {
  const { rateLimiter, env } = services;
  return {
    forgotPassword: async (c) => {
      const { email } = c.req.valid('json');
      await spendRateLimits(rateLimiter, [[passwordResetLimits.resetRequestsPerClient, clientAddressOf(c, env)]]);
      const addressVerdict = await rateLimiter.take(passwordResetLimits.resetMailsPerAddress, email);
      // The same answer, after the same work, for every address: the request is queued, and
      // whether the address has an account is looked up by a background task, apart from any
      // answer (PGlite runs queries on this thread, so work merely deferred to the next tick still
      // slowed the answer of a known address). The per-address limit holds for unknown addresses
      // too, so it tells nothing either.
      if (addressVerdict.allowed) {
        await queuePasswordResetRequest(services, email, negotiateLocale(c.req.header('accept-language')));
      }
      return { status: 202, body: { success: true, message: PasswordMessage.resetRequested } };
    },
    resetLinkStatus: async (c) => ({ status: 200, body: await resetTokenStatus(services, c.req.valid('param').token) }),
    resetPassword: async (c) => {
      const { token, password, unlinkSignIns } = c.req.valid('json');
      const reset = await resetPassword(services, token, password, { unlinkSignIns });
      if (!reset) throw new Refusal(ErrorCode.invalidResetToken, PasswordMessage.invalidResetLink);
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
      return { status: 200, body: { success: true } };
    },
    changePassword: async (c) => {
      const caller = callerOf(c);
      await changePassword(services, { ...caller, sessionId: sessionOf(c).sessionId }, c.req.valid('json'));
      securityEvent(services.logger, {
        event: 'password.changed',
        clientAddress: clientAddressOf(c, env),
        userId: caller.userId,
      });
      return { status: 200, body: { success: true } };
    },
  };
}

import { Hono } from 'hono';
import {
  AccountCreationMessage,
  CreatePendingAccountRequest,
  FinalizeAccountCreationRequest,
  ResendVerificationCodeRequest,
  resendCooldownSeconds,
  ValidateAccountCreationQuery,
} from '../../contract/account-creation';
import type * as accountCreationCalls from '../../contract/calls/account-creation';
import { ErrorCode } from '../../contract/errors';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, clientAddressOf, queryOf, validateJson, validateQuery } from '../http/middleware';
import { negotiateLocale } from '../mail/i18n';
import { createPendingAccount, finalizeAccountCreation, resendVerificationCode } from '../services/account-creation';
import type { AppServices } from '../services/index';
import { isCommonPassword } from '../services/passwords';
import type { RateLimitRule, RateLimitRules } from '../services/rate-limit';
import { spendRateLimits } from '../services/rate-limit';
import { commonRefusals, Refusal } from '../services/refusal';
import { requireBotCheck } from './bot-check';

/**
 * Codes by e-mail cost us a send and the recipient an interruption: one per address every 30
 * seconds, ten an hour, and forty an hour from one client. Code checks are limited per client; each
 * code also dies after five wrong tries.
 */
export const accountCreationLimits = {
  codeCooldown: { name: 'account-creation:cooldown', limit: 1, windowSeconds: resendCooldownSeconds },
  codesPerAddress: { name: 'account-creation:codes', limit: 10, windowSeconds: 3600 },
  codesPerClient: { name: 'account-creation:client', limit: 40, windowSeconds: 3600 },
  checksPerClient: { name: 'account-creation:checks', limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

const emailTaken = () => new Refusal(ErrorCode.emailTaken, AccountCreationMessage.emailTaken);
const invalidCode = () => new Refusal(ErrorCode.invalidCode, AccountCreationMessage.invalidCode);
/** Expired, used up by wrong tries, replaced or used: only a new code helps, and the person is told so. */
const codeExpired = () => new Refusal(ErrorCode.codeExpired, AccountCreationMessage.codeExpired);

export function accountCreationRoutes(services: AppServices) {
  const { rateLimiter, env } = services;

  const limit = (rules: RateLimitRules) => spendRateLimits(rateLimiter, rules);

  const codeLimits = (email: string, client: string): [RateLimitRule, string][] => [
    [accountCreationLimits.codeCooldown, email],
    [accountCreationLimits.codesPerAddress, email],
    [accountCreationLimits.codesPerClient, client],
  ];

  return new Hono<AppEnv>()
    .post('/create-pending-account', validateJson(CreatePendingAccountRequest), async (c) => {
      const { email, 'g-recaptcha-response': botCheckToken } = bodyOf(c, CreatePendingAccountRequest);
      await requireBotCheck(services.botCheck, botCheckToken, clientAddressOf(c, env));
      await limit(codeLimits(email, clientAddressOf(c, env)));
      const result = await createPendingAccount(services, email, negotiateLocale(c.req.header('accept-language')));
      if (result.outcome === 'emailTaken') throw emailTaken();
      if (result.outcome !== 'codeSent') throw commonRefusals.notFound();
      return c.json({ success: true as const, expiresAt: result.expiresAt.toISOString() }, 200);
    })
    .post('/resend-email-verification-code', validateJson(ResendVerificationCodeRequest), async (c) => {
      const { email, 'g-recaptcha-response': botCheckToken } = bodyOf(c, ResendVerificationCodeRequest);
      // Like a first code: a script must not have mail sent to any address it names (issue 21).
      await requireBotCheck(services.botCheck, botCheckToken, clientAddressOf(c, env));
      await limit(codeLimits(email, clientAddressOf(c, env)));
      const result = await resendVerificationCode(services, email, negotiateLocale(c.req.header('accept-language')));
      if (result.outcome !== 'codeSent') {
        throw new Refusal(
          ErrorCode.notFound,
          'There is no account creation waiting for this address. Please sign up again.',
        );
      }
      return c.json({ success: true as const, expiresAt: result.expiresAt.toISOString() }, 200);
    })
    .get('/validate-account-creation-request', validateQuery(ValidateAccountCreationQuery), async (c) => {
      const { email, verificationCode } = queryOf(c, ValidateAccountCreationQuery);
      await limit([[accountCreationLimits.checksPerClient, clientAddressOf(c, env)]]);
      const check = await services.codes.check(email, verificationCode);
      if (check === 'rejected') throw invalidCode();
      if (check !== 'accepted') throw codeExpired();
      return c.json({ success: true as const }, 200);
    })
    .post('/finalize-account-creation-request', validateJson(FinalizeAccountCreationRequest), async (c) => {
      const request = bodyOf(c, FinalizeAccountCreationRequest);
      // Before the code is checked: a refused password spends none of its tries.
      if (isCommonPassword(request.password)) throw commonRefusals.passwordTooCommon();
      await limit([[accountCreationLimits.checksPerClient, clientAddressOf(c, env)]]);
      const result = await finalizeAccountCreation(services, request);
      if (result.outcome === 'invalidCode') throw invalidCode();
      if (result.outcome === 'codeExpired') throw codeExpired();
      if (result.outcome === 'emailTaken') throw emailTaken();
      return c.json({ success: true as const }, 201);
    });
}

/** The handlers of the calls declared in contract/calls/account-creation.ts. */
export function accountCreationHandlers(_services: AppServices): Routes<typeof accountCreationCalls> {
  return {};
}

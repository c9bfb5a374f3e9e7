import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { api } from '../../contract/api';
import type { SessionResponse } from '../../contract/auth';
import type * as phoneCalls from '../../contract/calls/phone';
import { ErrorCode } from '../../contract/errors';
import { AddPhoneRequest, type PhoneCodeIssued, PhoneMessage, VerifyPhoneCodeRequest } from '../../contract/phone';
import { users } from '../db/schema';
import type { Routes } from '../http/calls';
import {
  type AppEnv,
  bodyOf,
  clientAddressOf,
  requireSession,
  sessionOf,
  setSessionCookie,
  validateJson,
} from '../http/middleware';
import type { AppServices } from '../services/index';
import { SmsNotSent } from '../services/phone/sms';
import {
  addVerifiedPhone,
  canonicalPhone,
  checkPhoneCode,
  phoneVerificationLimits,
  sendPhoneCode,
  textableRegionOf,
} from '../services/phone/verification';
import type { RateLimitRules } from '../services/rate-limit';
import { spendRateLimits } from '../services/rate-limit';
import { commonRefusals, Refusal } from '../services/refusal';

const refusals = {
  numberInvalid: () => new Refusal(ErrorCode.validation, PhoneMessage.numberInvalid),
  numberTaken: () => new Refusal(ErrorCode.phoneTaken, PhoneMessage.numberTaken),
  codeInvalid: () => new Refusal(ErrorCode.invalidCode, PhoneMessage.codeInvalid),
  /** Expired, used up by wrong tries, replaced, already used, or never sent to this account. */
  codeExpired: () => new Refusal(ErrorCode.codeExpired, PhoneMessage.codeExpired),
  notVerified: () => new Refusal(ErrorCode.invalidCode, PhoneMessage.notVerified),
  smsUnavailable: () => new Refusal(ErrorCode.internal, PhoneMessage.smsUnavailable, { kind: 'unavailable' }),
  numberNotServed: () => new Refusal(ErrorCode.validation, PhoneMessage.numberNotServed),
};

/** The path's number, which must already be a valid number in E.164 (the browser parses what was typed). */
function phoneOf(raw: string | undefined): string {
  const phone = raw ? canonicalPhone(raw) : null;
  if (!phone) throw refusals.numberInvalid();
  return phone;
}

/** Phone verification (issue 11): the paths under /api/phone and /api/account, as the route table names them. */
export function phoneRoutes(services: AppServices) {
  const { rateLimiter, env } = services;
  // api.phoneVerificationCode(phone) with Hono's parameter (the route table would encode its colon).
  const codePath = '/api/phone/:phone/verification-code';

  const limit = (rules: RateLimitRules) => spendRateLimits(rateLimiter, rules);

  return new Hono<AppEnv>()
    .post(codePath, requireSession(), async (c) => {
      const userId = sessionOf(c).claims.sub;
      const phone = phoneOf(c.req.param('phone'));
      const region = textableRegionOf(phone, env.phoneVerificationRegions);
      if (!region) throw refusals.numberNotServed();
      await limit([
        [phoneVerificationLimits.resendCooldown, `${userId}:${phone}`],
        [phoneVerificationLimits.codesPerAccount, userId],
        [phoneVerificationLimits.codesPerNumber, phone],
        [phoneVerificationLimits.codesPerClient, clientAddressOf(c, env)],
        [phoneVerificationLimits.codesPerRegion, region],
        [phoneVerificationLimits.codesOverall, 'portal'],
      ]);
      let result: Awaited<ReturnType<typeof sendPhoneCode>>;
      try {
        result = await sendPhoneCode(services, userId, phone);
      } catch (error) {
        if (error instanceof SmsNotSent) throw refusals.smsUnavailable();
        throw error;
      }
      if (result.outcome === 'taken') throw refusals.numberTaken();
      c.header('Cache-Control', 'no-store');
      return c.json(
        { success: true as const, expiresAt: result.expiresAt.toISOString() } satisfies PhoneCodeIssued,
        200,
      );
    })
    .patch(codePath, requireSession(), validateJson(VerifyPhoneCodeRequest), async (c) => {
      const userId = sessionOf(c).claims.sub;
      const phone = phoneOf(c.req.param('phone'));
      const { code } = bodyOf(c, VerifyPhoneCodeRequest);
      await limit([[phoneVerificationLimits.checksPerAccount, userId]]);
      const check = await checkPhoneCode(services, userId, phone, code);
      if (check === 'rejected') throw refusals.codeInvalid();
      if (check !== 'accepted') throw refusals.codeExpired();
      return c.json({ success: true as const }, 200);
    })
    .post(api.addPhoneVerificationData, requireSession(), validateJson(AddPhoneRequest), async (c) => {
      const session = sessionOf(c);
      const { phone: raw } = bodyOf(c, AddPhoneRequest);
      const phone = phoneOf(raw);
      const result = await addVerifiedPhone(services, session.claims.sub, phone);
      if (result.outcome === 'notVerified') throw refusals.notVerified();
      if (result.outcome === 'taken') throw refusals.numberTaken();
      const [user] = await services.db.select().from(users).where(eq(users.id, session.claims.sub));
      const reissued = user ? await services.sessions.reissue(session.sessionId, user) : null;
      if (!reissued) throw commonRefusals.unauthorized();
      // The session's `phone` claim is now the number, as after a sign-in.
      setSessionCookie(c, env, reissued.token);
      return c.json({ user: reissued.claims } satisfies SessionResponse, 200);
    });
}

/** The handlers of the calls declared in contract/calls/phone.ts. */
export function phoneHandlers(_services: AppServices): Routes<typeof phoneCalls> {
  return {};
}

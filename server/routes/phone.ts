import type * as phoneCalls from '../../contract/calls/phone';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { clientAddressOf, sessionOf, setSessionCookie } from '../http/middleware';
import type { AppServices } from '../services/index';
import { addVerifiedPhone, checkPhoneCode, sendPhoneCode } from '../services/phone/verification';

/** Phone verification (issue 11): a code texted to a number in E.164, checked, then the number added. */
export function phoneHandlers(services: AppServices): Routes<typeof phoneCalls> {
  const { env } = services;
  return {
    sendPhoneVerificationCode: async (c) => {
      const { phone } = c.req.valid('param');
      const { expiresAt } = await sendPhoneCode(services, callerOf(c), phone, clientAddressOf(c, env));
      c.header('Cache-Control', 'no-store');
      return { status: 200, body: { success: true, expiresAt: expiresAt.toISOString() } };
    },
    checkPhoneVerificationCode: async (c) => {
      await checkPhoneCode(services, callerOf(c), c.req.valid('param').phone, c.req.valid('json').code);
      return { status: 200, body: { success: true } };
    },
    addVerifiedPhone: async (c) => {
      const caller = { ...callerOf(c), sessionId: sessionOf(c).sessionId };
      const reissued = await addVerifiedPhone(services, caller, c.req.valid('json').phone);
      setSessionCookie(c, env, reissued.token);
      return { status: 200, body: { user: reissued.claims } };
    },
  };
}

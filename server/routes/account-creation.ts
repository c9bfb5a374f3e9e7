import type * as accountCreationCalls from '../../contract/calls/account-creation';
import type { Routes } from '../http/calls';
import { clientAddressOf } from '../http/middleware';
import { negotiateLocale } from '../mail/i18n';
import {
  checkVerificationCode,
  createPendingAccount,
  finalizeAccountCreation,
  resendVerificationCode,
} from '../services/account-creation';
import type { AppServices } from '../services/index';

/** The handlers of the calls declared in contract/calls/account-creation.ts. */
export function accountCreationHandlers(services: AppServices): Routes<typeof accountCreationCalls> {
  const { env } = services;
  return {
    createPendingAccount: async (c) => {
      const { email, 'g-recaptcha-response': botCheckToken } = c.req.valid('json');
      const expiresAt = await createPendingAccount(services, {
        email,
        botCheckToken,
        clientAddress: clientAddressOf(c, env),
        locale: negotiateLocale(c.req.header('accept-language')),
      });
      return { status: 200, body: { success: true, expiresAt: expiresAt.toISOString() } };
    },
    resendVerificationCode: async (c) => {
      const { email, 'g-recaptcha-response': botCheckToken } = c.req.valid('json');
      const expiresAt = await resendVerificationCode(services, {
        email,
        botCheckToken,
        clientAddress: clientAddressOf(c, env),
        locale: negotiateLocale(c.req.header('accept-language')),
      });
      return { status: 200, body: { success: true, expiresAt: expiresAt.toISOString() } };
    },
    checkVerificationCode: async (c) => {
      await checkVerificationCode(services, { ...c.req.valid('query'), clientAddress: clientAddressOf(c, env) });
      return { status: 200, body: { success: true } };
    },
    finalizeAccountCreation: async (c) => {
      await finalizeAccountCreation(services, { ...c.req.valid('json'), clientAddress: clientAddressOf(c, env) });
      return { status: 201, body: { success: true } };
    },
  };
}

import type * as linkedSignInsCalls from '../../contract/calls/linked-sign-ins';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { clientAddressOf } from '../http/middleware';
import type { AppServices } from '../services/index';

/** The handlers of the calls declared in contract/calls/linked-sign-ins.ts: each person sees and unlinks only their own. */
export function linkedSignInsHandlers(services: AppServices): Routes<typeof linkedSignInsCalls> {
  const { identityLinks, env } = services;
  return {
    listLinkedSignIns: async (c) => ({ status: 200, body: await identityLinks.list(callerOf(c).userId) }),
    unlinkSignIn: async (c) => {
      await identityLinks.unlink(callerOf(c).userId, c.req.valid('json'), clientAddressOf(c, env));
      return { status: 204 };
    },
  };
}

import type * as partnerRoutersCalls from '../../contract/calls/partner-routers';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';
import { readPartnerRouter, setPartnerRouterFlag } from '../services/routers/partner-routers';

/** Partner routers (docs/spec.md §4 and §7): the device and its success flags, for the router's owner. */
export function partnerRoutersHandlers(services: AppServices): Routes<typeof partnerRoutersCalls> {
  return {
    readPartnerRouter: async (c) => ({
      status: 200,
      body: await readPartnerRouter(services, callerOf(c), c.req.valid('param').routerId),
    }),
    markPartnerRouter90DaySuccessShown: async (c) => {
      await setPartnerRouterFlag(services, callerOf(c), c.req.valid('param').routerId, 'hasShown90DaySuccess');
      return { status: 204 };
    },
    markPartnerRouterActivationSuccessSeen: async (c) => {
      await setPartnerRouterFlag(services, callerOf(c), c.req.valid('param').routerId, 'seenRouterActivationSuccess');
      return { status: 204 };
    },
  };
}

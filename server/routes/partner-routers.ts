import { Hono } from 'hono';
import type * as partnerRoutersCalls from '../../contract/calls/partner-routers';
import type { PartnerRouterDevice } from '../../contract/routers';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, requireSession } from '../http/middleware';
import type { AppServices } from '../services/index';
import { readPartnerRouter, setPartnerRouterFlag } from '../services/routers/partner-routers';

/** Partner routers (spec sections 4 and 7): under /api/partner-router/device, for the router's owner. */
export function partnerRouterRoutes(services: AppServices) {
  return new Hono<AppEnv>()
    .get('/:id', requireSession(), async (c) => {
      return c.json(
        (await readPartnerRouter(services, callerOf(c), c.req.param('id'))) satisfies PartnerRouterDevice,
        200,
      );
    })
    .put('/:id/has-shown-90day-success', requireSession(), async (c) => {
      await setPartnerRouterFlag(services, callerOf(c), c.req.param('id'), 'hasShown90DaySuccess');
      return c.body(null, 204);
    })
    .put('/:id/seen-router-activation-success', requireSession(), async (c) => {
      await setPartnerRouterFlag(services, callerOf(c), c.req.param('id'), 'seenRouterActivationSuccess');
      return c.body(null, 204);
    });
}

/** The handlers of the calls declared in contract/calls/partner-routers.ts. */
export function partnerRoutersHandlers(_services: AppServices): Routes<typeof partnerRoutersCalls> {
  return {};
}

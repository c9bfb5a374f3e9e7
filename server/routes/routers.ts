import type * as routersCalls from '../../contract/calls/routers';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { clientAddressOf } from '../http/middleware';
import type { AppServices } from '../services/index';
import { redeemRouterCoupon } from '../services/routers/router-coupons';
import { listRouters } from '../services/routers/router-list';
import { associateTeamRouter, dissociateTeamRouter } from '../services/routers/team-routers';

/** A person's routers, team routers and router coupons (docs/spec.md §7). */
export function routersHandlers(services: AppServices): Routes<typeof routersCalls> {
  return {
    listRouters: async (c) => ({ status: 200, body: await listRouters(services, callerOf(c)) }),
    associateTeamRouter: async (c) => ({
      status: 200,
      body: await associateTeamRouter(services, callerOf(c), c.req.valid('json')),
    }),
    dissociateTeamRouter: async (c) => ({
      status: 200,
      body: await dissociateTeamRouter(services, callerOf(c), c.req.valid('json')),
    }),
    redeemRouterCoupon: async (c) => {
      const { coupon } = c.req.valid('json');
      const redeemed = await redeemRouterCoupon(services, callerOf(c), coupon, clientAddressOf(c, services.env));
      return { status: 201, body: redeemed };
    },
  };
}

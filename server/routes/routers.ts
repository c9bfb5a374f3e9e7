import { Hono } from 'hono';
import { api } from '../../contract/api';
import type * as routersCalls from '../../contract/calls/routers';
import {
  RouterCouponRedemptionRequest,
  type RouterCouponRedemptionResponse,
  type RouterList,
  TeamRouterRequest,
  type TeamRouterResponse,
} from '../../contract/routers';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, clientAddressOf, requireSession, validateJson } from '../http/middleware';
import type { AppServices } from '../services/index';
import type { RateLimitRule, RateLimitRules } from '../services/rate-limit';
import { spendRateLimits } from '../services/rate-limit';
import { redeemRouterCoupon } from '../services/routers/router-coupons';
import { listRouters } from '../services/routers/router-list';
import { associateTeamRouter, dissociateTeamRouter } from '../services/routers/team-routers';

/**
 * Coupon codes are short enough to guess at: every attempt counts, right or wrong, ten an hour per
 * account and thirty an hour per client address.
 */
export const routerCouponLimits = {
  perAccount: { name: 'router-coupon:account', limit: 10, windowSeconds: 3600 },
  perClient: { name: 'router-coupon:client', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** A person's routers, team routers and router coupons (spec section 7), each path as the route table names it. */
export function routerRoutes(services: AppServices) {
  const { rateLimiter, env } = services;

  const limit = (rules: RateLimitRules) => spendRateLimits(rateLimiter, rules);

  return new Hono<AppEnv>()
    .get(api.routers, requireSession(), async (c) => {
      return c.json((await listRouters(services, callerOf(c))) satisfies RouterList, 200);
    })
    .put(api.associateTeamRouter, requireSession(), validateJson(TeamRouterRequest), async (c) => {
      const result = await associateTeamRouter(services, callerOf(c), bodyOf(c, TeamRouterRequest));
      return c.json(result satisfies TeamRouterResponse, 200);
    })
    .delete(api.dissociateTeamRouter, requireSession(), validateJson(TeamRouterRequest), async (c) => {
      const result = await dissociateTeamRouter(services, callerOf(c), bodyOf(c, TeamRouterRequest));
      return c.json(result satisfies TeamRouterResponse, 200);
    })
    .post(api.routerCouponRedemption, requireSession(), validateJson(RouterCouponRedemptionRequest), async (c) => {
      const actor = callerOf(c);
      await limit([
        [routerCouponLimits.perAccount, actor.userId],
        [routerCouponLimits.perClient, clientAddressOf(c, env)],
      ]);
      const { coupon } = bodyOf(c, RouterCouponRedemptionRequest);
      return c.json((await redeemRouterCoupon(services, actor, coupon)) satisfies RouterCouponRedemptionResponse, 201);
    });
}

/** The handlers of the calls declared in contract/calls/routers.ts. */
export function routersHandlers(_services: AppServices): Routes<typeof routersCalls> {
  return {};
}

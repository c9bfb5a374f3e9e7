import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  RouterCouponRedemptionRequest,
  RouterCouponRedemptionResponse,
  RouterList,
  routerCouponLimits,
  TeamRouterRequest,
  TeamRouterResponse,
} from '../routers';

export const listRouters = declareCall({
  method: 'GET',
  path: '/api/account/routers',
  summary: "The signed-in person's routers, then those of their teams' router subscriptions",
  tag: 'Routers',
  access: 'session',
  answers: { 200: RouterList },
});

/** A team that requires two-step sign-in refuses a member who has not set it up (server/routes/teams.ts). */
const teamRouterRefusals = [
  ErrorCode.notFound,
  ErrorCode.forbidden,
  ErrorCode.teamRefused,
  ErrorCode.teamConflict,
  ErrorCode.secondFactorSetupRequired,
] as const;

export const associateTeamRouter = declareCall({
  method: 'PUT',
  path: '/api/account/team-router/associate',
  summary: "Lend a router subscription (yours or the team owner's) to a team you own or administer",
  description:
    "A router subscription of anybody else is answered as unknown (404), so nothing about it leaks. Associating one that is already the team's changes nothing.",
  tag: 'Routers',
  access: 'adminOrOwner',
  body: TeamRouterRequest,
  answers: { 200: TeamRouterResponse },
  refusals: teamRouterRefusals,
});

export const dissociateTeamRouter = declareCall({
  method: 'DELETE',
  path: '/api/account/team-router/dissociate',
  summary: 'Take a router subscription off a team you own or administer, whoever lent it',
  tag: 'Routers',
  access: 'adminOrOwner',
  body: TeamRouterRequest,
  answers: { 200: TeamRouterResponse },
  refusals: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.teamRefused, ErrorCode.secondFactorSetupRequired],
});

export const redeemRouterCoupon = declareCall({
  method: 'POST',
  path: '/api/account/router-coupon-redemption',
  summary: 'Turn a router coupon into a router subscription of the signed-in person',
  description: 'Codes are matched without regard to case or surrounding spaces. Every attempt counts, right or wrong.',
  tag: 'Routers',
  access: 'session',
  body: RouterCouponRedemptionRequest,
  answers: { 201: RouterCouponRedemptionResponse },
  refusals: [ErrorCode.couponRefused, ErrorCode.rateLimited],
  rateLimits: [routerCouponLimits.perAccount, routerCouponLimits.perClient],
});

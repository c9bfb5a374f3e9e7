import { ErrorCode } from '../../contract/errors';
import { type RouterCouponRedemptionResponse, RouterMessage } from '../../contract/routers';
import type {
  RouterCouponRedemptionContext,
  routerCouponRedemptionMachine,
} from '../../machines/routerCouponRedemption/routerCouponRedemption.machine';
import { RouterCouponView } from '../../src/features/router-coupon/router-coupon.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const threeYearRedemption: RouterCouponRedemptionResponse = {
  referenceId: 'router-3y-4f2a9c',
  planCode: 'router-three-years',
};

/** Sample events for generating the router coupon redemption machine's paths. */
const routerCouponRedemptionCases = {
  // A code and an empty field, each only when it is not already typed.
  'user.changeCode': ({ context }: { context: RouterCouponRedemptionContext }) =>
    ['ROUTER-3YEAR-DEMO', '']
      .filter((value) => value !== context.code)
      .map((value) => ({ type: 'user.changeCode' as const, value })),
  'xstate.done.actor.redeemRouterCoupon': [
    { type: 'xstate.done.actor.redeemRouterCoupon', output: threeYearRedemption, actorId: 'redeemRouterCoupon' },
  ],
  'xstate.error.actor.redeemRouterCoupon': [
    {
      type: 'xstate.error.actor.redeemRouterCoupon',
      error: refused(ErrorCode.couponRefused, RouterMessage.couponUsed),
      actorId: 'redeemRouterCoupon',
    },
    { type: 'xstate.error.actor.redeemRouterCoupon', error: new Error('network down'), actorId: 'redeemRouterCoupon' },
  ],
} as const;

/** What the routerCouponRedemption machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const routerCouponRedemptionModel: FlowModel<typeof routerCouponRedemptionMachine> = {
  input: {},
  cases: routerCouponRedemptionCases,
  // What the person can tell apart: the state, whether a code is typed and whether its error shows,
  // and whether a refusal came with the server's message.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.code !== '',
      snapshot.context.codeError !== null,
      snapshot.matches('refused') ? Boolean(snapshot.context.failure?.message) : null,
    ]),
  render: (snapshot, send) => <RouterCouponView snapshot={snapshot} send={send} onNavigate={() => {}} />,
};

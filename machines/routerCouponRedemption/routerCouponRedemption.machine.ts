import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { RouterCouponRedemptionRequest, type RouterCouponRedemptionResponse } from '../../contract/routers';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type RouterCouponRedemptionInput = {
  /** The code from `/redeem-router-coupon?coupon=…`, filled in for the person to confirm. */
  initialCode?: string;
};

export type RouterCouponRedemptionContext = {
  code: string;
  /** A contract message text; views translate it. */
  codeError: string | null;
  /** Why the last redemption did not happen (unknown, used, expired, too many tries); null while none failed. */
  failure: Refusal | null;
  redemption: RouterCouponRedemptionResponse | null;
};

export type RouterCouponRedemptionEvent =
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.redeem' }
  | { type: 'user.redeemAnother' };

/** The contract's check of the coupon code, as its message text, or null. */
function routerCouponErrorOf(code: string): string | null {
  const result = v.safeParse(RouterCouponRedemptionRequest.entries.coupon, code);
  return result.success ? null : result.issues[0].message;
}

const entering = {
  'user.changeCode': { target: '#routerCouponRedemption.enteringCode', actions: 'changeCode' },
  'user.redeem': [
    { guard: 'isCodeGiven', target: '#routerCouponRedemption.redeeming' },
    { target: '#routerCouponRedemption.enteringCode', actions: 'showCodeError' },
  ],
} as const;

/**
 * A person turns a router coupon into a router subscription (docs/spec.md §2 and §9): the code is
 * checked as the contract says before the call; the server's refusals are shown beside the form,
 * which keeps the code to correct.
 */
export const routerCouponRedemptionMachine = setup({
  types: {
    context: {} as RouterCouponRedemptionContext,
    events: {} as RouterCouponRedemptionEvent,
    input: {} as RouterCouponRedemptionInput,
  },
  actors: {
    redeemRouterCoupon: providedByApp<RouterCouponRedemptionResponse, { coupon: string }>('redeemRouterCoupon'),
  },
  actions: {
    changeCode: assign(({ event }) => {
      assertEvent(event, 'user.changeCode');
      return { code: event.value, codeError: null };
    }),
    showCodeError: assign({ codeError: ({ context }) => routerCouponErrorOf(context.code) }),
    /** The app reads the routers and the account again: a router subscription was added. */
    routerCouponRedeemed: () => {},
  },
  guards: {
    isCodeGiven: ({ context }) => routerCouponErrorOf(context.code) === null,
  },
}).createMachine({
  id: 'routerCouponRedemption',
  context: ({ input }) => ({
    code: input.initialCode ?? '',
    codeError: null,
    failure: null,
    redemption: null,
  }),
  initial: 'enteringCode',
  states: {
    enteringCode: { on: entering },
    redeeming: {
      tags: ['busy'],
      entry: assign({ failure: null, codeError: null }),
      invoke: {
        id: 'redeemRouterCoupon',
        src: 'redeemRouterCoupon',
        input: ({ context }) => ({ coupon: context.code.trim() }),
        onDone: {
          target: 'redeemed',
          actions: [assign({ redemption: ({ event }) => event.output }), 'routerCouponRedeemed'],
        },
        onError: {
          target: 'refused',
          actions: assign({
            failure: ({ event }) => refusalOfEvent(event),
          }),
        },
      },
    },
    refused: { tags: ['error'], on: entering },
    redeemed: {
      on: {
        'user.redeemAnother': {
          target: 'enteringCode',
          actions: assign({ code: '', codeError: null, redemption: null }),
        },
      },
    },
  },
});

import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { RouterCouponRedemptionRequest, type RouterCouponRedemptionResponse } from '../../contract/routers';

export type RouterCouponRedemptionInput = {
  /** The code from `/redeem-router-coupon?coupon=…`, filled in for the person to confirm. */
  initialCode?: string;
};

export type RouterCouponRedemptionContext = {
  code: string;
  /** A contract message text; views translate it. */
  codeError: string | null;
  /** The server's `message` for a refused redemption; null when it sent none (network, 5xx). */
  failureMessage: string | null;
  redemption: RouterCouponRedemptionResponse | null;
};

export type RouterCouponRedemptionEvent =
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.redeem' }
  | { type: 'user.redeemAnother' };

/** A redemption the server refused with `{ error, message }` (unknown, used, expired, too many tries). */
export class RouterCouponRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouterCouponRefused';
  }
}

/** The contract's check of the coupon code, as its message text, or null. */
export function routerCouponErrorOf(code: string): string | null {
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
 * A person turns a router coupon into a router subscription (spec sections 2 and 9): the code is
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
    redeemRouterCoupon: fromPromise<RouterCouponRedemptionResponse, { coupon: string }>(async () => {
      throw new Error('redeemRouterCoupon is provided by the app');
    }),
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
    failureMessage: null,
    redemption: null,
  }),
  initial: 'enteringCode',
  states: {
    enteringCode: { on: entering },
    redeeming: {
      tags: ['busy'],
      entry: assign({ failureMessage: null, codeError: null }),
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
            failureMessage: ({ event }) => (event.error instanceof RouterCouponRefused ? event.error.message : null),
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

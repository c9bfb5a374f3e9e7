import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { type Coupon, type CouponRedemption, RedeemCouponRequest } from '../../contract/subscriptions';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type CouponRedemptionInput = {
  /** The owner's billing account code (recurlyAccountCode). */
  accountId: string;
  /** The subscription's referenceId. */
  subscriptionId: string;
};

export type CouponRedemptionContext = CouponRedemptionInput & {
  coupons: Coupon[];
  /** A coupon chosen from the list. */
  chosenCouponId: string | null;
  /** A code typed by hand; it wins over the choice. */
  typedCode: string;
  /** A contract message text; views translate it. */
  codeError: string | null;
  /** Why the last redemption did not happen; null while none failed. */
  failure: Refusal | null;
  redeemedCouponId: string | null;
};

export type CouponRedemptionEvent =
  | { type: 'user.chooseCoupon'; couponId: string }
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.redeem' }
  | { type: 'user.retry' }
  | { type: 'user.redeemAnother' };

export type RedeemInput = { accountId: string; subscriptionId: string; couponId: string };

/** The coupon a redemption would use: the typed code, else the chosen one. */
export function couponIdOf(context: Pick<CouponRedemptionContext, 'typedCode' | 'chosenCouponId'>): string {
  return context.typedCode.trim() || context.chosenCouponId || '';
}

/** The contract's check of the coupon code, as its message text, or null. */
function codeErrorOf(context: CouponRedemptionContext): string | null {
  const result = v.safeParse(RedeemCouponRequest.entries.couponId, couponIdOf(context));
  return result.success ? null : result.issues[0].message;
}

const choosing = {
  'user.chooseCoupon': { target: '#couponRedemption.showingCoupons', actions: 'chooseCoupon' },
  'user.changeCode': { target: '#couponRedemption.showingCoupons', actions: 'changeCode' },
  'user.redeem': [
    { guard: 'isCodeGiven', target: '#couponRedemption.redeeming' },
    { target: '#couponRedemption.showingCoupons', actions: 'showCodeError' },
  ],
} as const;

/** The owner redeems a coupon on a subscription: one from the list of redeemable ones, or a typed code. */
export const couponRedemptionMachine = setup({
  types: {
    context: {} as CouponRedemptionContext,
    events: {} as CouponRedemptionEvent,
    input: {} as CouponRedemptionInput,
  },
  actors: {
    loadCoupons: providedByApp<Coupon[], { subscriptionId: string }>('loadCoupons'),
    redeemCoupon: providedByApp<CouponRedemption, RedeemInput>('redeemCoupon'),
  },
  actions: {
    chooseCoupon: assign(({ event }) => {
      assertEvent(event, 'user.chooseCoupon');
      return { chosenCouponId: event.couponId, typedCode: '', codeError: null };
    }),
    changeCode: assign(({ event }) => {
      assertEvent(event, 'user.changeCode');
      return { typedCode: event.value, codeError: null };
    }),
    showCodeError: assign({ codeError: ({ context }) => codeErrorOf(context) }),
  },
  guards: {
    hasCoupons: ({ context }) => context.coupons.length > 0,
    isCodeGiven: ({ context }) => codeErrorOf(context) === null,
  },
}).createMachine({
  id: 'couponRedemption',
  context: ({ input }) => ({
    ...input,
    coupons: [],
    chosenCouponId: null,
    typedCode: '',
    codeError: null,
    failure: null,
    redeemedCouponId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCoupons',
        src: 'loadCoupons',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: {
          target: 'showingCoupons',
          actions: assign({ coupons: ({ event }) => event.output, chosenCouponId: null, typedCode: '' }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'user.retry': 'loading' },
    },
    /** The list, or the word that there is none; a typed code works either way. */
    showingCoupons: {
      always: [{ guard: 'hasCoupons', target: 'listing' }, { target: 'empty' }],
    },
    listing: { on: choosing },
    empty: { on: { 'user.changeCode': choosing['user.changeCode'], 'user.redeem': choosing['user.redeem'] } },
    redeeming: {
      tags: ['busy'],
      entry: assign({ failure: null, codeError: null }),
      invoke: {
        id: 'redeemCoupon',
        src: 'redeemCoupon',
        input: ({ context }) => ({
          accountId: context.accountId,
          subscriptionId: context.subscriptionId,
          couponId: couponIdOf(context),
        }),
        onDone: {
          target: 'redeemed',
          actions: assign({ redeemedCouponId: ({ event }) => event.output.couponId }),
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    /** The server's answer beside the form, which stays as it was. */
    failed: { tags: ['error'], on: choosing },
    redeemed: {
      on: { 'user.redeemAnother': 'loading' },
    },
  },
});

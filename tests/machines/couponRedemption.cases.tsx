import { ErrorCode } from '../../contract/errors';
import { SubscriptionMessage } from '../../contract/subscriptions';
import {
  type CouponRedemptionContext,
  couponIdOf,
  type couponRedemptionMachine,
} from '../../machines/couponRedemption/couponRedemption.machine';
import { CouponRedemptionView } from '../../src/features/subscription-portal/coupon-redemption.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** The owner's account and subscription the coupons are redeemed on. */
export const input = { accountId: 'acct-owner', subscriptionId: 'teams-1' };

export const coupons = [
  {
    couponId: 'WELCOME20',
    name: 'Welcome 20%',
    percentOff: 20,
    amountOffCents: null,
    currency: 'USD',
    duration: 'once' as const,
    expiresAt: '2026-12-31T23:00:00.000Z',
  },
  {
    couponId: 'LOYAL5',
    name: 'Loyalty',
    percentOff: null,
    amountOffCents: 500,
    currency: 'USD',
    duration: 'forever' as const,
    expiresAt: null,
  },
];

/** Sample events for generating the coupon redemption machine's paths. */
const couponRedemptionCases = {
  // A person can only choose a listed coupon other than the chosen one, or type something new.
  'user.chooseCoupon': ({ context }: { context: CouponRedemptionContext }) =>
    context.coupons
      .slice(0, 1)
      .filter((coupon) => coupon.couponId !== context.chosenCouponId)
      .map((coupon) => ({ type: 'user.chooseCoupon' as const, couponId: coupon.couponId })),
  'user.changeCode': ({ context }: { context: CouponRedemptionContext }) =>
    ['SPRING10', '']
      .filter((value) => value !== context.typedCode)
      .map((value) => ({ type: 'user.changeCode' as const, value })),
  'xstate.done.actor.loadCoupons': [
    { type: 'xstate.done.actor.loadCoupons', output: coupons, actorId: 'loadCoupons' },
    { type: 'xstate.done.actor.loadCoupons', output: [], actorId: 'loadCoupons' },
  ],
  'xstate.error.actor.loadCoupons': [
    { type: 'xstate.error.actor.loadCoupons', error: new Error('network down'), actorId: 'loadCoupons' },
  ],
  'xstate.done.actor.redeemCoupon': [
    {
      type: 'xstate.done.actor.redeemCoupon',
      output: {
        success: true,
        couponId: 'WELCOME20',
        subscriptionId: 'teams-1',
        redeemedAt: '2026-11-23T10:00:00.000Z',
      },
      actorId: 'redeemCoupon',
    },
  ],
  'xstate.error.actor.redeemCoupon': [
    {
      type: 'xstate.error.actor.redeemCoupon',
      error: refused(ErrorCode.couponRefused, SubscriptionMessage.couponExpired),
      actorId: 'redeemCoupon',
    },
    { type: 'xstate.error.actor.redeemCoupon', error: new Error('network down'), actorId: 'redeemCoupon' },
  ],
} as const;

/** What the coupon redemption machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const couponRedemptionModel: FlowModel<typeof couponRedemptionMachine> = {
  input,
  cases: couponRedemptionCases,
  // What the person can tell apart: the state, whether there is a list, whether a code is given and
  // typed, whether its error shows, and whether a refusal came with the server's message.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.coupons.length > 0,
      couponIdOf(snapshot.context) !== '',
      snapshot.context.typedCode !== '',
      snapshot.context.codeError !== null,
      snapshot.matches('failed') ? Boolean(snapshot.context.failure?.message) : null,
    ]),
  render: (snapshot, send) => <CouponRedemptionView snapshot={snapshot} send={send} />,
};

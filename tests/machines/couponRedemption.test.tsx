import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import type { Coupon, CouponRedemption } from '../../contract/subscriptions';
import {
  couponIdOf,
  couponRedemptionMachine,
  type RedeemInput,
} from '../../machines/couponRedemption/couponRedemption.machine';
import { CouponRedemptionView } from '../../src/features/subscription-portal/coupon-redemption.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { couponRedemptionModel, coupons, input } from './couponRedemption.cases';

const redemptionUnavailable = 'We could not redeem the coupon right now. Please try again later.';

describeModel('couponRedemption', {
  machine: couponRedemptionMachine,
  ...couponRedemptionModel,
  states: {
    loading: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Loading coupons…'),
    },
    loadFailed: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('We could not load the coupons.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
    },
    listing: {
      machine: (snapshot) => expect(snapshot.context.coupons.length).toBeGreaterThan(0),
      view: (screen, snapshot) => {
        const welcome = screen.getByRole('radio', { name: /Welcome 20%/ });
        expect(welcome.closest('label')).toHaveTextContent('20% off your next invoice · redeem by December 31, 2026');
        expect(screen.getByRole('radio', { name: /Loyalty/ }).closest('label')).toHaveTextContent(
          '$5.00 off every invoice',
        );
        expect(welcome).toHaveProperty(
          'checked',
          snapshot.context.chosenCouponId === 'WELCOME20' && snapshot.context.typedCode === '',
        );
        expect(screen.getByLabelText('Or enter a coupon code')).toHaveValue(snapshot.context.typedCode);
        if (snapshot.context.codeError) expect(screen.getByText('Please enter a coupon code.')).toBeVisible();
      },
    },
    empty: {
      machine: (snapshot) => expect(snapshot.context.coupons).toEqual([]),
      view: (screen, snapshot) => {
        expect(screen.getByText(/There are no coupons for this subscription right now\./)).toBeVisible();
        expect(screen.queryByRole('radio')).toBeNull();
        expect(screen.getByLabelText('Coupon code')).toHaveValue(snapshot.context.typedCode);
        if (snapshot.context.codeError) expect(screen.getByText('Please enter a coupon code.')).toBeVisible();
      },
    },
    redeeming: {
      machine: (snapshot) => expect(couponIdOf(snapshot.context)).not.toBe(''),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Redeeming coupon…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    failed: {
      machine: (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
      view: (screen, snapshot) =>
        expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure?.message ?? redemptionUnavailable),
    },
    redeemed: {
      view: (screen, snapshot) => {
        const { coupons, redeemedCouponId } = snapshot.context;
        const name = coupons.find((coupon: Coupon) => coupon.couponId === redeemedCouponId)?.name ?? redeemedCouponId;
        expect(screen.getByRole('alert')).toHaveTextContent(`Coupon ${name} is redeemed.`);
        expect(screen.getByRole('button', { name: 'Redeem another coupon' })).toBeEnabled();
      },
    },
  },
  drivers: {
    'user.chooseCoupon': async ({ user, screen }) => user.click(screen.getByRole('radio', { name: /Welcome 20%/ })),
    'user.changeCode': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText(/coupon code/i), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.redeem': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Redeem coupon' })),
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'user.redeemAnother': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Redeem another coupon' })),
  },
});

function redeemingWith(redeem: (input: RedeemInput) => Promise<CouponRedemption>, list: Coupon[] = coupons) {
  return createActor(
    couponRedemptionMachine.provide({
      actors: {
        loadCoupons: fromPromise<Coupon[], { subscriptionId: string }>(async () => list),
        redeemCoupon: fromPromise<CouponRedemption, RedeemInput>(({ input }) => redeem(input)),
      },
    }),
    { input },
  ).start();
}

describe('couponRedemption machine', () => {
  it('redeems the chosen coupon on the owner’s account and subscription', async () => {
    const sent: RedeemInput[] = [];
    const actor = redeemingWith(async (request) => {
      sent.push(request);
      return { success: true, couponId: request.couponId, subscriptionId: 'teams-1', redeemedAt: 'now' };
    });
    await waitFor(actor, (state) => state.matches('listing'));
    actor.send({ type: 'user.chooseCoupon', couponId: 'LOYAL5' });
    actor.send({ type: 'user.redeem' });
    await waitFor(actor, (state) => state.matches('redeemed'));
    expect(sent).toEqual([{ accountId: 'acct-owner', subscriptionId: 'teams-1', couponId: 'LOYAL5' }]);
  });

  it('prefers a typed code, trimmed, over the chosen one', async () => {
    const sent: RedeemInput[] = [];
    const actor = redeemingWith(async (request) => {
      sent.push(request);
      throw refused(ErrorCode.couponRefused, 'This coupon does not exist.');
    });
    await waitFor(actor, (state) => state.matches('listing'));
    actor.send({ type: 'user.chooseCoupon', couponId: 'LOYAL5' });
    actor.send({ type: 'user.changeCode', value: '  SPRING10 ' });
    actor.send({ type: 'user.redeem' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(sent.map((request) => request.couponId)).toEqual(['SPRING10']);
    expect(actor.getSnapshot().context.failure?.message).toBe('This coupon does not exist.');
  });

  it('asks for a code before calling when none is chosen or typed', () => {
    let [snapshot] = initialTransition(couponRedemptionMachine, input);
    [snapshot] = transition(couponRedemptionMachine, snapshot, {
      type: 'xstate.done.actor.loadCoupons',
      output: [],
      actorId: 'loadCoupons',
    } as never);
    [snapshot] = transition(couponRedemptionMachine, snapshot, { type: 'user.changeCode', value: '   ' });
    [snapshot] = transition(couponRedemptionMachine, snapshot, { type: 'user.redeem' });
    expect(snapshot.value).toBe('empty');
    expect(snapshot.context.codeError).toBe('Please enter a coupon code.');
  });
});

describe('couponRedemption view', () => {
  it('shows a message the server sent that the portal does not know, as it came', () => {
    let [snapshot] = initialTransition(couponRedemptionMachine, input);
    for (const event of [
      { type: 'xstate.done.actor.loadCoupons', output: coupons, actorId: 'loadCoupons' },
      { type: 'user.chooseCoupon', couponId: 'WELCOME20' },
      { type: 'user.redeem' },
      {
        type: 'xstate.error.actor.redeemCoupon',
        error: refused(ErrorCode.couponRefused, 'Ask support.'),
        actorId: 'redeemCoupon',
      },
    ])
      [snapshot] = transition(couponRedemptionMachine, snapshot, event as never);
    render(
      <TestI18n>
        <CouponRedemptionView snapshot={snapshot} send={vi.fn()} />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ask support.');
    expect(screen.getByRole('group', { name: 'Coupons you can redeem' })).toBeVisible();
  });
});

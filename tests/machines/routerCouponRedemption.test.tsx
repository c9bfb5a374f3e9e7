import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type RouterCouponRedemptionResponse, RouterMessage } from '../../contract/routers';
import { routerCouponRedemptionMachine } from '../../machines/routerCouponRedemption/routerCouponRedemption.machine';
import { RouterCouponView } from '../../src/features/router-coupon/router-coupon.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { routerCouponRedemptionModel, threeYearRedemption } from './routerCouponRedemption.cases';

const unavailable = 'We could not redeem the router coupon right now. Please try again later.';
const knownMessages: Record<string, string> = {
  [RouterMessage.couponUsed]: 'This router coupon has already been redeemed.',
  [RouterMessage.couponRequired]: 'Please enter a router coupon code.',
};

describeModel('routerCouponRedemption', {
  machine: routerCouponRedemptionMachine,
  ...routerCouponRedemptionModel,
  states: {
    enteringCode: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Redeem a router coupon');
        expect(screen.getByLabelText('Router coupon code')).toHaveValue(snapshot.context.code);
        expect(screen.getByRole('button', { name: 'Redeem router coupon' })).toBeEnabled();
        if (snapshot.context.codeError)
          expect(
            screen.getByText(knownMessages[snapshot.context.codeError] ?? snapshot.context.codeError),
          ).toBeVisible();
        else expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    redeeming: {
      machine: (snapshot) => expect(snapshot.context.code.trim()).not.toBe(''),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Redeeming router coupon…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    refused: {
      view: (screen, snapshot) => {
        const failureMessage = snapshot.context.failure?.message;
        expect(screen.getByRole('alert')).toHaveTextContent(
          failureMessage ? (knownMessages[failureMessage] ?? failureMessage) : unavailable,
        );
        expect(screen.getByLabelText('Router coupon code')).toHaveValue(snapshot.context.code);
      },
    },
    redeemed: {
      machine: (snapshot) => expect(snapshot.context.redemption).toEqual(threeYearRedemption),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('Your router coupon is redeemed');
        expect(screen.getByText(threeYearRedemption.referenceId)).toBeVisible();
        expect(screen.getByRole('link', { name: 'See your routers' })).toHaveAttribute('href', '/routers');
        expect(screen.queryByLabelText('Router coupon code')).toBeNull();
      },
    },
  },
  drivers: {
    'user.changeCode': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Router coupon code'), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.redeem': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Redeem router coupon' })),
    'user.redeemAnother': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Redeem another coupon' })),
  },
});

describe('routerCouponRedemption machine', () => {
  it('redeems the code from the link, trimmed, and says so once', async () => {
    const sent: { coupon: string }[] = [];
    const routerCouponRedeemed = vi.fn();
    const actor = createActor(
      routerCouponRedemptionMachine.provide({
        actors: {
          redeemRouterCoupon: fromPromise<RouterCouponRedemptionResponse, { coupon: string }>(async ({ input }) => {
            sent.push(input);
            return threeYearRedemption;
          }),
        },
        actions: { routerCouponRedeemed },
      }),
      { input: { initialCode: ' ROUTER-3YEAR-DEMO ' } },
    ).start();
    actor.send({ type: 'user.redeem' });
    await waitFor(actor, (state) => state.matches('redeemed'));
    expect(sent).toEqual([{ coupon: 'ROUTER-3YEAR-DEMO' }]);
    expect(routerCouponRedeemed).toHaveBeenCalledTimes(1);
  });

  it('does not send an empty code', () => {
    let [snapshot] = initialTransition(routerCouponRedemptionMachine, { initialCode: '   ' });
    [snapshot] = transition(routerCouponRedemptionMachine, snapshot, { type: 'user.redeem' });
    expect(snapshot.value).toBe('enteringCode');
    expect(snapshot.context.codeError).toBe(RouterMessage.couponRequired);
  });
});

describe('routerCouponRedemption view', () => {
  it('shows a message the server sent that the portal does not know (too many tries), as it came', () => {
    let [snapshot] = initialTransition(routerCouponRedemptionMachine, { initialCode: 'ROUTER-3YEAR-DEMO' });
    for (const event of [
      { type: 'user.redeem' },
      {
        type: 'xstate.error.actor.redeemRouterCoupon',
        error: refused(ErrorCode.couponRefused, 'Too many attempts. Please wait a minute.'),
        actorId: 'redeemRouterCoupon',
      },
    ])
      [snapshot] = transition(routerCouponRedemptionMachine, snapshot, event as never);
    render(
      <TestI18n>
        <RouterCouponView snapshot={snapshot} send={vi.fn()} onNavigate={vi.fn()} />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute.');
  });
});

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { routerCouponRedemptionMachine } from '../../../machines/routerCouponRedemption/routerCouponRedemption.machine';
import { navigateTo } from '../../app/navigate';
import { accountUserQuery } from '../../lib/queries/account-user';
import { routersQuery } from '../../lib/queries/routers';
import { redeemRouterCoupon } from './router-coupon.actors';
import { RouterCouponView } from './router-coupon.view';

export function RouterCouponScreen({ initialCode }: { initialCode?: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    routerCouponRedemptionMachine.provide({
      actors: { redeemRouterCoupon },
      actions: {
        routerCouponRedeemed: () => {
          void queryClient.invalidateQueries({ queryKey: routersQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: accountUserQuery.queryKey });
        },
      },
    }),
    { input: { initialCode } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <RouterCouponView snapshot={snapshot} send={actor.send} onNavigate={(href) => void navigateTo(router, href)} />
  );
}

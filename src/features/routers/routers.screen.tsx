import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { Subscription } from '../../../contract/account';
import { isRouterProduct } from '../../../contract/routers';
import { navigateTo } from '../../app/navigate';
import { routersQuery } from '../../lib/device-and-router-queries';
import { accountUserQuery } from '../../lib/queries';
import { type RouterPlan, RoutersView } from './routers.view';

/** Router subscriptions are told by their product name (spec section 9). */
export function routerPlansOf(subscriptions: Subscription[]): RouterPlan[] {
  return subscriptions.filter((subscription) => isRouterProduct(subscription.productName));
}

export function RoutersScreen() {
  const router = useRouter();
  const routers = useQuery(routersQuery);
  const account = useQuery(accountUserQuery);
  const onNavigate = (href: string) => void navigateTo(router, href);
  if (routers.isPending || account.isPending) return <RoutersView status="pending" onNavigate={onNavigate} />;
  if (routers.isError || account.isError)
    return (
      <RoutersView
        status="error"
        onNavigate={onNavigate}
        onRetry={() => {
          void routers.refetch();
          void account.refetch();
        }}
      />
    );
  return (
    <RoutersView
      status="success"
      routers={routers.data.routers}
      routerPlans={routerPlansOf(account.data.subscriptions)}
      onNavigate={onNavigate}
    />
  );
}

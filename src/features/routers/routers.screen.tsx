import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Subscription } from '../../../contract/account';
import { isRouterProduct } from '../../../contract/routers';
import { partnerRouterMessageMachine } from '../../../machines/partnerRouterMessage/partnerRouterMessage.machine';
import { navigateTo } from '../../app/navigate';
import { accountUserQuery } from '../../lib/queries/account-user';
import { routersQuery } from '../../lib/queries/routers';
import { PartnerRouterMessageView } from './partner-router-message.view';
import { partnerRouterActors } from './routers.actors';
import { type RouterPlan, RoutersView } from './routers.view';

/** Router subscriptions are told by their product name (docs/spec.md §9). */
function routerPlansOf(subscriptions: Subscription[]): RouterPlan[] {
  return subscriptions.filter((subscription) => isRouterProduct(subscription.productName));
}

/** A partner router's success message: its owner's only (the partner calls answer no one else). */
function PartnerRouterMessage({ routerId, routerName }: { routerId: string; routerName: string }) {
  // The 90 days are judged against the time the page opened.
  const [now] = useState(Date.now);
  const actor = useActorRef(partnerRouterMessageMachine.provide({ actors: partnerRouterActors }), {
    input: { routerId, now },
  });
  const snapshot = useSelector(actor, (state) => state);
  return <PartnerRouterMessageView snapshot={snapshot} send={actor.send} routerName={routerName} />;
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
      messages={routers.data.routers
        .filter((router) => router.isOwner)
        .map((router) => (
          <PartnerRouterMessage key={router.routerId} routerId={router.routerId} routerName={router.name} />
        ))}
      onNavigate={onNavigate}
    />
  );
}

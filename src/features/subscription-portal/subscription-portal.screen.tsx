import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import type { AccountUser, Subscription } from '../../../contract/account';
import { blackFridayOfferMachine } from '../../../machines/blackFridayOffer/blackFridayOffer.machine';
import { couponRedemptionMachine } from '../../../machines/couponRedemption/couponRedemption.machine';
import {
  type SubscriptionFacts,
  subscriptionLifecycleMachine,
} from '../../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import { isOwner } from '../../app/guards';
import { accountUserQuery } from '../../lib/queries/account-user';
import { TeamLoadingView } from '../team/team-loading.view';
import { blackFridayOfferActors, loadCoupons, redeemCoupon, subscriptionActors } from './subscription-portal.actors';
import {
  type PortalLink,
  SubscriptionNotFoundView,
  SubscriptionPortalLoadFailedView,
  SubscriptionPortalLoadingView,
  SubscriptionPortalView,
  type SubscriptionPortalViewProps,
} from './subscription-portal.view';

function factsOf(subscription: Subscription): SubscriptionFacts {
  const { state, quantity, renewalQuantity, minSeats, maxSeats, seatsInUse, cancelable } = subscription;
  return { state, quantity, renewalQuantity, minSeats, maxSeats, seatsInUse, cancelable };
}

function PortalRouterLink({ to, referenceId, className, children }: PortalLink) {
  if (to === '/account')
    return (
      <Link to="/account" className={className}>
        {children}
      </Link>
    );
  return (
    <Link to={to} search={{ referenceId }} className={className}>
      {children}
    </Link>
  );
}

const renderLink = (link: PortalLink) => <PortalRouterLink {...link} />;

/** Its own chunk: with it, the portal's first load would pass its budget; most subscriptions have no team. */
const TeamScreen = lazy(() => import('../team/team.screen').then(({ TeamScreen }) => ({ default: TeamScreen })));

/** The portal's team section, for a subscription with a team (the route lets only its owner and admins in). */
function teamSectionOf({ referenceId, team }: Subscription) {
  if (!team) return undefined;
  return (
    <Suspense fallback={<TeamLoadingView />}>
      <TeamScreen referenceId={referenceId} teamId={team.teamId} />
    </Suspense>
  );
}

// Loaded on demand: only teams, families and dedicated server subscriptions have these sections.
const KeysAndServersScreen = lazy(() =>
  import('./keys-and-servers.screen').then((module) => ({ default: module.KeysAndServersScreen })),
);

/** The API keys and servers of the subscription, or nothing for a plan that has neither. */
function keysAndServersSectionFor(subscription: Subscription): ReactNode {
  if (!['teams', 'families', 'dedicated_server'].includes(subscription.type)) return null;
  return (
    <Suspense fallback={null}>
      <KeysAndServersScreen subscription={subscription} />
    </Suspense>
  );
}

type OwnerParts = Omit<NonNullable<SubscriptionPortalViewProps['owner']>, 'coupons'>;

/** The coupons part, only for an owner with a billing account to redeem on. */
function OwnerPortalWithCoupons({
  subscription,
  accountId,
  parts,
}: {
  subscription: Subscription;
  accountId: string;
  parts: OwnerParts;
}) {
  const coupons = useActorRef(couponRedemptionMachine.provide({ actors: { loadCoupons, redeemCoupon } }), {
    input: { accountId, subscriptionId: subscription.referenceId },
  });
  const couponsSnapshot = useSelector(coupons, (state) => state);
  return (
    <SubscriptionPortalView
      subscription={subscription}
      owner={{ ...parts, coupons: { snapshot: couponsSnapshot, send: coupons.send } }}
      renderLink={renderLink}
      teamSection={teamSectionOf(subscription)}
      keysAndServersSection={keysAndServersSectionFor(subscription)}
    />
  );
}

function OwnerPortal({ account, subscription }: { account: AccountUser; subscription: Subscription }) {
  const queryClient = useQueryClient();
  const refreshAccount = () => void queryClient.invalidateQueries({ queryKey: accountUserQuery.queryKey });
  const actor = useActorRef(
    subscriptionLifecycleMachine.provide({
      actors: subscriptionActors(subscription.referenceId),
      actions: { subscriptionChanged: refreshAccount },
    }),
    { input: factsOf(subscription) },
  );
  const snapshot = useSelector(actor, (state) => state);
  const offer = useActorRef(
    blackFridayOfferMachine.provide({
      actors: blackFridayOfferActors(subscription.referenceId),
      actions: { offerDelisted: refreshAccount },
    }),
  );
  const offerSnapshot = useSelector(offer, (state) => state);
  // A new read of the account (after a change, or a refetch) tells the machine where things stand.
  useEffect(() => {
    actor.send({ type: 'subscription.refreshed', subscription: factsOf(subscription) });
  }, [actor, subscription]);
  const parts: OwnerParts = {
    lifecycle: { snapshot, send: actor.send },
    blackFridayOffer: { snapshot: offerSnapshot, send: offer.send },
  };
  if (account.recurlyAccountCode)
    return <OwnerPortalWithCoupons subscription={subscription} accountId={account.recurlyAccountCode} parts={parts} />;
  return (
    <SubscriptionPortalView
      subscription={subscription}
      owner={{ ...parts, coupons: null }}
      renderLink={renderLink}
      teamSection={teamSectionOf(subscription)}
      keysAndServersSection={keysAndServersSectionFor(subscription)}
    />
  );
}

/**
 * The subscription portal for one subscription of the signed-in account: the owner gets the
 * machines that change it; a team admin sees it as it is.
 */
export function SubscriptionPortalScreen({ referenceId }: { referenceId: string | undefined }) {
  const account = useQuery(accountUserQuery);
  if (account.isPending) return <SubscriptionPortalLoadingView />;
  if (account.isError) return <SubscriptionPortalLoadFailedView onRetry={() => void account.refetch()} />;
  const subscription = account.data.subscriptions.find((candidate) => candidate.referenceId === referenceId);
  if (!subscription) return <SubscriptionNotFoundView renderLink={renderLink} />;
  if (isOwner(account.data, subscription))
    return <OwnerPortal key={subscription.referenceId} account={account.data} subscription={subscription} />;
  return (
    <SubscriptionPortalView
      subscription={subscription}
      owner={null}
      renderLink={renderLink}
      teamSection={teamSectionOf(subscription)}
      keysAndServersSection={keysAndServersSectionFor(subscription)}
    />
  );
}

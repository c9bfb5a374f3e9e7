import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AccountUser, Subscription } from '../../../contract/account';
import { upgradeMachine } from '../../../machines/upgrade/upgrade.machine';
import { stack } from '../../../styled-system/patterns';
import { ownedSubscriptionFor } from '../../app/owned-subscription';
import { Alert } from '../../components/ui/alert';
import { accountUserQuery } from '../../lib/queries/account-user';
import { textLink } from '../../theme/recipes/link';
import { billingQueryKey } from '../billing/billing.queries';
import { previewUpgrade, upgradeSubscription } from './upgrade.actors';
import { UpgradeView } from './upgrade.view';

const dashboardLink = (
  <Link to="/account" className={textLink}>
    <Trans>Back to your account</Trans>
  </Link>
);

function invoiceLink(invoiceNumber: number) {
  return (
    <Link to="/billing/invoices/$invoiceNumber" params={{ invoiceNumber: String(invoiceNumber) }} className={textLink}>
      <Trans>View invoice {invoiceNumber}</Trans>
    </Link>
  );
}

function UpgradeFlow({
  subscription,
  account,
  onStartOver,
}: {
  subscription: Subscription;
  account: AccountUser;
  onStartOver: () => void;
}) {
  const queryClient = useQueryClient();
  const [today] = useState(() => new Date());
  const actor = useActorRef(
    upgradeMachine.provide({
      actors: { previewUpgrade, upgradeSubscription },
      actions: {
        subscriptionChanged: () => {
          void queryClient.invalidateQueries({ queryKey: accountUserQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: billingQueryKey });
        },
        reloadSubscription: onStartOver,
      },
    }),
    {
      input: {
        subscription: { ...subscription, upgradeOptions: subscription.upgradeDetails.upgradeOptions },
        account: { userid: account.userid, email: account.email },
      },
    },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <UpgradeView
      snapshot={snapshot}
      send={actor.send}
      today={today}
      dashboardLink={dashboardLink}
      invoiceLink={invoiceLink}
    />
  );
}

/**
 * The upgrade of one owned subscription. Starting over (after a conflict) reads the account again
 * and begins a fresh flow with the subscription's current options.
 */
export function UpgradeScreen({ referenceId }: { referenceId: string }) {
  const queryClient = useQueryClient();
  const account = useQuery(accountUserQuery);
  const [attempt, setAttempt] = useState(0);
  if (!account.data)
    return account.isError ? (
      <Alert onRetry={() => void account.refetch()}>
        <Trans>We could not load your account.</Trans>
      </Alert>
    ) : (
      <p role="status">
        <Trans>Loading your account…</Trans>
      </p>
    );
  const subscription = ownedSubscriptionFor(account.data, referenceId);
  if (!subscription)
    return (
      <div className={stack({ gap: '3' })}>
        <Alert>
          <Trans>This subscription is no longer yours to upgrade.</Trans>
        </Alert>
        <p>{dashboardLink}</p>
      </div>
    );
  return (
    <UpgradeFlow
      key={attempt}
      subscription={subscription}
      account={account.data}
      onStartOver={() => {
        void queryClient
          .invalidateQueries({ queryKey: accountUserQuery.queryKey })
          .then(() => setAttempt((count) => count + 1));
      }}
    />
  );
}

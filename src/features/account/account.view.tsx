import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AccountUser } from '../../../contract/account';
import { grid, stack } from '../../../styled-system/patterns';
import type { Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { AccountPlaceholder, EmailPlaceholder } from './account-placeholder.view';
import { DataUseView } from './data-use.view';
import { DevicesSummaryView } from './devices-summary.view';
import { SubscriptionsView } from './subscriptions.view';

export type AccountViewProps = {
  account: AccountUser | undefined;
  loadFailed: boolean;
  /** Where plans are bought: the empty state sends people there. */
  orderSiteUrl: string;
  onNavigate: Navigate;
  onRetry: () => void;
  /** The full devices section (the linked devices view): when given, it takes the summary card's place. */
  devicesSection?: ReactNode;
  /** The account's phone, or a way to verify one (loaded lazily by the route). */
  phoneLine?: ReactNode;
};

/** The account page (`/account`): who is signed in, their subscriptions with what they may do, devices and data use. */
export function AccountView({
  account,
  loadFailed,
  orderSiteUrl,
  onNavigate,
  onRetry,
  devicesSection,
  phoneLine,
}: AccountViewProps) {
  return (
    <div className={stack({ gap: '6' })}>
      <PageHeader
        title={<Trans>Your account</Trans>}
        description={
          <>
            {account ? (
              <p>
                <bdi>{account.email}</bdi>
              </p>
            ) : (
              <EmailPlaceholder />
            )}
            {phoneLine}
          </>
        }
      />

      {loadFailed ? (
        <Alert onRetry={onRetry}>
          <Trans>We could not load your account.</Trans>
        </Alert>
      ) : null}

      {!account && !loadFailed ? <AccountPlaceholder /> : null}

      {account ? (
        <>
          <SubscriptionsView account={account} orderSiteUrl={orderSiteUrl} onNavigate={onNavigate} />
          <div className={grid({ columns: { base: 1, md: 2 }, gap: '4' })}>
            {devicesSection ? null : <DevicesSummaryView account={account} onNavigate={onNavigate} />}
            <DataUseView account={account} />
          </div>
          {devicesSection}
        </>
      ) : null}
    </div>
  );
}

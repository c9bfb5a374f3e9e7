import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AccountUser } from '../../../contract/account';
import { css, cx } from '../../../styled-system/css';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { formatBytes, gigabytesToBytes } from '../../lib/format-bytes';
import { formatDate } from '../../lib/format-money';
import { pageLinks } from '../../lib/page-links';
import { type SubscriptionCard, type SubscriptionStanding, subscriptionCardOf } from './subscription-card';

export type DashboardViewProps = {
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

const muted = css({ color: 'fg.muted' });
const cardGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
  listStyle: 'none',
});
const sectionTitle = css({ fontSize: 'xl', fontWeight: 'semibold' });
const placeholderLine = css({ height: '1lh', borderRadius: 'l1', bg: 'border' });
const actionLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '10',
  paddingInline: '4',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border',
  fontWeight: 'semibold',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'surface' },
});
const primaryActionLink = cx(
  actionLink,
  css({ bg: 'accent.default', borderColor: 'accent.default', color: 'accent.fg', _hover: { bg: 'accent.emphasis' } }),
);
const textLink = css({ color: 'accent.default', textDecoration: 'underline', fontWeight: 'medium' });
const facts = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '1' });

function Standing({ standing }: { standing: SubscriptionStanding }) {
  const { i18n } = useLingui();
  switch (standing.kind) {
    case 'renews': {
      const date = formatDate(standing.on, i18n.locale);
      return <Trans>Renews on {date}</Trans>;
    }
    case 'ends': {
      const date = formatDate(standing.on, i18n.locale);
      return <Trans>Ends on {date}</Trans>;
    }
    case 'endsUndated':
      return <Trans>Canceled</Trans>;
    case 'expired':
      return <Trans>Expired</Trans>;
    case 'paidOnce':
      return <Trans>Paid once, never expires</Trans>;
  }
}

function RoleName({ role }: { role: SubscriptionCard['role'] }) {
  if (role === 'owner') return <Trans>Owner</Trans>;
  if (role === 'admin') return <Trans>Admin</Trans>;
  return <Trans>Member</Trans>;
}

function SubscriptionCardView({
  subscriptionCard,
  onNavigate,
}: {
  subscriptionCard: SubscriptionCard;
  onNavigate: Navigate;
}) {
  const { subscription, role, standing, seats, mayManage, mayOpenBilling, mayUpgrade } = subscriptionCard;
  const titleId = `subscription-${subscription.referenceId}-title`;
  const teamName = subscription.team?.name;
  const hasActions = mayManage || mayOpenBilling || mayUpgrade;
  const seatsInUse = seats?.inUse;
  return (
    <li className={css({ display: 'flex' })}>
      <article aria-labelledby={titleId} className={cx(card, css({ flex: '1' }))}>
        <div>
          <h3 id={titleId} className={cardTitle}>
            {subscription.productName}
          </h3>
          {subscription.title && subscription.title !== subscription.productName ? (
            <p className={muted}>{subscription.title}</p>
          ) : null}
        </div>
        <dl className={facts}>
          <dt className={muted}>
            <Trans context="subscription state">Status</Trans>
          </dt>
          <dd>
            <Standing standing={standing} />
          </dd>
          {seats ? (
            <>
              <dt className={muted}>
                <Trans>Seats</Trans>
              </dt>
              <dd>
                <Plural
                  value={seats.total}
                  one={`${seatsInUse} of # seat in use`}
                  other={`${seatsInUse} of # seats in use`}
                />
              </dd>
            </>
          ) : null}
          {teamName ? (
            <>
              <dt className={muted}>
                <Trans>Team</Trans>
              </dt>
              <dd>{teamName}</dd>
            </>
          ) : null}
          <dt className={muted}>
            <Trans>Your role</Trans>
          </dt>
          <dd>
            <RoleName role={role} />
          </dd>
        </dl>
        {hasActions ? (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', marginBlockStart: 'auto' })}>
            {mayManage ? (
              <InternalLink
                href={pageLinks.subscription(subscription.referenceId)}
                onNavigate={onNavigate}
                aria-describedby={titleId}
                className={primaryActionLink}
              >
                <Trans>Manage</Trans>
              </InternalLink>
            ) : null}
            {mayOpenBilling ? (
              <InternalLink
                href={pageLinks.billing(subscription.referenceId)}
                onNavigate={onNavigate}
                aria-describedby={titleId}
                className={actionLink}
              >
                <Trans>Billing</Trans>
              </InternalLink>
            ) : null}
            {mayUpgrade ? (
              <InternalLink
                href={pageLinks.upgrade(subscription.referenceId)}
                onNavigate={onNavigate}
                aria-describedby={titleId}
                className={actionLink}
              >
                <Trans>Upgrade</Trans>
              </InternalLink>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

function SubscriptionsSection({
  account,
  orderSiteUrl,
  onNavigate,
}: {
  account: AccountUser;
  orderSiteUrl: string;
  onNavigate: Navigate;
}) {
  return (
    <section aria-labelledby="subscriptions-title" className={css({ display: 'grid', gap: '3' })}>
      <h2 id="subscriptions-title" className={sectionTitle}>
        <Trans>Subscriptions</Trans>
      </h2>
      {account.subscriptions.length === 0 ? (
        <div className={card}>
          <p>
            <Trans>You have no subscription yet.</Trans>
          </p>
          <p className={muted}>
            <Trans>Choose a plan on our order site. Once it is paid for, it shows here.</Trans>
          </p>
          <p>
            <a href={orderSiteUrl} className={textLink}>
              <Trans>See the plans</Trans>
            </a>
          </p>
        </div>
      ) : (
        <ul className={cardGrid}>
          {account.subscriptions.map((subscription) => (
            <SubscriptionCardView
              key={subscription.referenceId}
              subscriptionCard={subscriptionCardOf(account, subscription)}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DevicesCard({ account, onNavigate }: { account: AccountUser; onNavigate: Navigate }) {
  const devicesInUse = account.activeDevices.length;
  const deviceLimit = account.availableDeviceLimit;
  return (
    <section aria-labelledby="devices-title" className={card}>
      <h2 id="devices-title" className={cardTitle}>
        <Trans>Devices</Trans>
      </h2>
      <p>
        <Trans>
          {devicesInUse} of {deviceLimit} devices in use
        </Trans>
      </p>
      {devicesInUse === 0 ? (
        <p className={muted}>
          <Trans>No device uses your account yet. Add one with the code the app shows you.</Trans>
        </p>
      ) : (
        <ul className={css({ listStyle: 'none', display: 'grid', gap: '1' })}>
          {account.activeDevices.map((device) => (
            <li key={device.deviceUuid}>{device.name}</li>
          ))}
        </ul>
      )}
      <p className={css({ marginBlockStart: 'auto' })}>
        <InternalLink href={pageLinks.activate} onNavigate={onNavigate} className={textLink}>
          <Trans>Add a device</Trans>
        </InternalLink>
      </p>
    </section>
  );
}

function DataUseCard({ account }: { account: AccountUser }) {
  const { t, i18n } = useLingui();
  const usedData = formatBytes(gigabytesToBytes(account.usedDataGB), i18n.locale);
  const includedData = formatBytes(gigabytesToBytes(account.freeLicenseDataGB), i18n.locale);
  const allowance = account.freeLicenseDataGB;
  const overAllowance = account.usedDataGB > allowance;
  return (
    <section aria-labelledby="data-title" className={card}>
      <h2 id="data-title" className={cardTitle}>
        <Trans>Data use</Trans>
      </h2>
      {allowance > 0 ? (
        <>
          <p>
            <Trans>
              {usedData} of {includedData} used
            </Trans>
          </p>
          <meter
            aria-labelledby="data-title"
            min={0}
            max={allowance}
            value={Math.min(account.usedDataGB, allowance)}
            aria-valuetext={t`${usedData} of ${includedData} used`}
            data-over={overAllowance || undefined}
            className={css({
              appearance: 'none',
              display: 'block',
              width: '100%',
              height: '2',
              borderRadius: 'full',
              overflow: 'hidden',
              bg: 'surface',
              '&::-webkit-meter-bar': { bg: 'surface', border: 'none', borderRadius: 'full', height: '2' },
              '&::-webkit-meter-optimum-value': { bg: 'accent.default', borderRadius: 'full' },
              '&::-moz-meter-bar': { bg: 'accent.default', borderRadius: 'full' },
              '&[data-over]::-webkit-meter-optimum-value': { bg: 'danger.default' },
              '&[data-over]::-moz-meter-bar': { bg: 'danger.default' },
            })}
          />
        </>
      ) : (
        <p>
          <Trans>{usedData} used this period</Trans>
        </p>
      )}
    </section>
  );
}

/**
 * While the account loads: the sections' frames at about the size they will have (the
 * subscriptions' title and a card, the devices and data cards), so nothing below them jumps when
 * they fill. The loading notice takes the place of a line, not a row of its own.
 */
function DashboardPlaceholder() {
  return (
    <>
      <div className={css({ display: 'grid', gap: '3' })}>
        <div aria-hidden="true" className={cx(sectionTitle, placeholderLine, css({ width: '12rem' }))} />
        <div className={cardGrid}>
          <div className={card}>
            <div aria-hidden="true" className={cx(cardTitle, placeholderLine, css({ width: '40%' }))} />
            <p role="status" className={muted}>
              <Trans>Loading your account…</Trans>
            </p>
            <div aria-hidden="true" className={cx(placeholderLine, css({ width: '70%' }))} />
            <div aria-hidden="true" className={cx(placeholderLine, css({ width: '55%' }))} />
          </div>
        </div>
      </div>
      <div className={cardGrid}>
        {['devices', 'data'].map((name) => (
          <div key={name} aria-hidden="true" className={card}>
            <div className={cx(cardTitle, placeholderLine, css({ width: '40%' }))} />
            <div className={cx(placeholderLine, css({ width: '70%' }))} />
            <div className={cx(placeholderLine, css({ width: '55%' }))} />
          </div>
        ))}
      </div>
    </>
  );
}

/** The dashboard: who is signed in, their subscriptions with what they may do, devices and data use. */
export function DashboardView({
  account,
  loadFailed,
  orderSiteUrl,
  onNavigate,
  onRetry,
  devicesSection,
  phoneLine,
}: DashboardViewProps) {
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <header>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          <Trans>Your account</Trans>
        </h1>
        {account ? (
          <p className={muted}>
            <bdi>{account.email}</bdi>
          </p>
        ) : (
          <div aria-hidden="true" className={cx(placeholderLine, css({ width: '14rem', maxWidth: '100%' }))} />
        )}
        {phoneLine}
      </header>

      {loadFailed ? (
        <Alert>
          <span className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            <Trans>We could not load your account.</Trans>
            <Button variant="link" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </span>
        </Alert>
      ) : null}

      {!account && !loadFailed ? <DashboardPlaceholder /> : null}

      {account ? (
        <>
          <SubscriptionsSection account={account} orderSiteUrl={orderSiteUrl} onNavigate={onNavigate} />
          <div className={cardGrid}>
            {devicesSection ? null : <DevicesCard account={account} onNavigate={onNavigate} />}
            <DataUseCard account={account} />
          </div>
          {devicesSection}
        </>
      ) : null}
    </div>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { AccountUser, Subscription } from '../../../contract/account';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { formatBytes, gigabytesToBytes } from '../../lib/format-bytes';

export type DashboardViewProps = {
  account: AccountUser | undefined;
  loadFailed: boolean;
  signingOut: boolean;
  onSignOut: () => void;
  onRetry: () => void;
};

const muted = css({ color: 'fg.muted' });

function SubscriptionItem({ subscription, email }: { subscription: Subscription; email: string }) {
  const { t } = useLingui();
  const owned = subscription.ownerEmail.toLowerCase() === email.toLowerCase();
  const role = owned ? t`Owner` : subscription.team?.role === 'admin' ? t`Admin` : t`Member`;
  const teamName = subscription.team?.name;
  const seats = subscription.quantity;
  return (
    <li
      className={css({
        display: 'grid',
        gap: '0.5',
        paddingBlock: '2',
        borderTopWidth: '1px',
        borderColor: 'border',
        _first: { borderTopWidth: '0' },
      })}
    >
      <span className={css({ fontWeight: 'semibold' })}>{subscription.productName}</span>
      <span className={muted}>
        {subscription.active ? <Trans>Active</Trans> : <Trans>Cancelled</Trans>} · {subscription.planCode} ·{' '}
        <Plural value={seats} one="# seat" other="# seats" /> · {role}
      </span>
      {teamName ? (
        <span className={muted}>
          <Trans>Team: {teamName}</Trans>
        </span>
      ) : null}
    </li>
  );
}

const cardGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } });
const placeholderLine = css({ height: '1lh', borderRadius: 'l1', bg: 'border' });

/**
 * While the account loads: the cards' frames at about the size they will have (a title and the
 * lines of one subscription, the device count, the data use), so nothing below them jumps when they
 * fill. The loading notice takes the place of a line, not a row of its own.
 */
function DashboardPlaceholder() {
  return (
    <div className={cardGrid}>
      <div className={card}>
        <div aria-hidden="true" className={cx(cardTitle, placeholderLine, css({ width: '40%' }))} />
        <p role="status" className={muted}>
          <Trans>Loading your account…</Trans>
        </p>
        <div aria-hidden="true" className={cx(placeholderLine, css({ width: '70%' }))} />
        <div aria-hidden="true" className={cx(placeholderLine, css({ width: '55%' }))} />
      </div>
      {['devices', 'data'].map((name) => (
        <div key={name} aria-hidden="true" className={card}>
          <div className={cx(cardTitle, placeholderLine, css({ width: '40%' }))} />
          <div className={cx(placeholderLine, css({ width: '70%' }))} />
          <div className={cx(placeholderLine, css({ width: '55%' }))} />
        </div>
      ))}
    </div>
  );
}

/** The dashboard: who is signed in, their subscriptions, devices and data use. */
export function DashboardView({ account, loadFailed, signingOut, onSignOut, onRetry }: DashboardViewProps) {
  const { i18n } = useLingui();
  const devicesInUse = account?.activeDevices.length ?? 0;
  const deviceLimit = account?.availableDeviceLimit ?? 0;
  const usedData = account ? formatBytes(gigabytesToBytes(account.usedDataGB), i18n.locale) : '';
  const includedData = account ? formatBytes(gigabytesToBytes(account.freeLicenseDataGB), i18n.locale) : '';
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <header
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '4',
          alignItems: 'center',
          justifyContent: 'space-between',
        })}
      >
        <div>
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
        </div>
        <Button variant="outline" onClick={onSignOut} disabled={signingOut} aria-busy={signingOut}>
          <Trans>Sign out</Trans>
        </Button>
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
        <div className={cardGrid}>
          <section aria-labelledby="subscriptions-title" className={card}>
            <h2 id="subscriptions-title" className={cardTitle}>
              <Trans>Subscriptions</Trans>
            </h2>
            {account.subscriptions.length === 0 ? (
              <p className={muted}>
                <Trans>You have no subscription yet.</Trans>
              </p>
            ) : (
              <ul className={css({ listStyle: 'none' })}>
                {account.subscriptions.map((subscription) => (
                  <SubscriptionItem key={subscription.referenceId} subscription={subscription} email={account.email} />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="devices-title" className={card}>
            <h2 id="devices-title" className={cardTitle}>
              <Trans>Devices</Trans>
            </h2>
            <p>
              <Trans>
                {devicesInUse} of {deviceLimit} devices in use
              </Trans>
            </p>
            <ul className={css({ listStyle: 'none', display: 'grid', gap: '1' })}>
              {account.activeDevices.map((device) => (
                <li key={device.deviceUuid}>{device.name}</li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="data-title" className={card}>
            <h2 id="data-title" className={cardTitle}>
              <Trans>Data use</Trans>
            </h2>
            <p>
              <Trans>{usedData} used this period</Trans>
            </p>
            {account.freeLicenseDataGB > 0 ? (
              <p className={muted}>
                <Trans>{includedData} included</Trans>
              </p>
            ) : null}
          </section>
        </div>
      ) : null}
    </div>
  );
}

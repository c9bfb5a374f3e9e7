import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { wrap } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { buttonLook } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { pricePerCycleLabels } from '../../lib/billing-labels';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { pageLinks } from '../../lib/page-links';
import { compactDetailsList } from '../../theme/recipes/details-list';
import type { SubscriptionCard, SubscriptionStanding } from './subscription-card';

function Standing({ standing }: { standing: SubscriptionStanding }) {
  const { i18n } = useLingui();
  switch (standing.kind) {
    case 'renews': {
      const date = formatDate(standing.on, i18n.locale);
      const { cents, currency, cycle } = standing.price;
      const price = i18n._(pricePerCycleLabels[cycle](formatMoney(cents, currency, i18n.locale)));
      return (
        <Trans>
          {price} · Renews on {date}
        </Trans>
      );
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

/** One subscription on the account page: where it stands, its seats and team, and what the person may do. */
export function SubscriptionCardView({
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
    <Card
      as="article"
      title={subscription.productName}
      titleAs="h3"
      titleId={titleId}
      description={
        subscription.title && subscription.title !== subscription.productName ? subscription.title : undefined
      }
    >
      <dl className={compactDetailsList}>
        <dt>
          <Trans context="subscription state">Status</Trans>
        </dt>
        <dd>
          <Standing standing={standing} />
        </dd>
        {seats ? (
          <>
            <dt>
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
            <dt>
              <Trans>Team</Trans>
            </dt>
            <dd>{teamName}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Your role</Trans>
        </dt>
        <dd>
          <RoleName role={role} />
        </dd>
      </dl>
      {hasActions ? (
        // At the card's foot, level with the neighbouring card's actions.
        <div className={wrap({ gap: '2', marginBlockStart: 'auto' })}>
          {mayManage ? (
            <InternalLink
              href={pageLinks.subscription(subscription.referenceId)}
              onNavigate={onNavigate}
              aria-describedby={titleId}
              className={buttonLook()}
            >
              <Trans>Manage</Trans>
            </InternalLink>
          ) : null}
          {mayOpenBilling ? (
            <InternalLink
              href={pageLinks.billing(subscription.referenceId)}
              onNavigate={onNavigate}
              aria-describedby={titleId}
              className={buttonLook({ variant: 'outline' })}
            >
              <Trans>Billing</Trans>
            </InternalLink>
          ) : null}
          {mayUpgrade ? (
            <InternalLink
              href={pageLinks.upgrade(subscription.referenceId)}
              onNavigate={onNavigate}
              aria-describedby={titleId}
              className={buttonLook({ variant: 'outline' })}
            >
              <Trans>Upgrade</Trans>
            </InternalLink>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

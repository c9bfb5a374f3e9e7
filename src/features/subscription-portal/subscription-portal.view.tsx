import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Subscription } from '../../../contract/account';
import { type BillingCycle, billingCycleOf, pricePerPeriodCents } from '../../../contract/pricing';
import { grid, stack, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { buttonLook } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { detailsList } from '../../theme/recipes/details-list';
import { textLink } from '../../theme/recipes/link';
import {
  BlackFridayOfferView,
  type BlackFridayOfferViewProps,
  bestBlackFridayPriceOf,
} from './black-friday-offer.view';
import { CouponRedemptionView, type CouponRedemptionViewProps } from './coupon-redemption.view';
import { SubscriptionLifecycleView, type SubscriptionLifecycleViewProps } from './subscription-lifecycle.view';

export type PortalLink = {
  to: '/account' | '/upgrade' | '/billing';
  referenceId?: string;
  className: string;
  children: ReactNode;
};

export type SubscriptionPortalViewProps = {
  subscription: Subscription;
  /** The owner's controls; null for a team admin, who sees the details and the team only. */
  owner: {
    lifecycle: Omit<SubscriptionLifecycleViewProps, 'currentPeriodEndsAt'>;
    /** Null when the owner has no billing account to redeem coupons on. */
    coupons: CouponRedemptionViewProps | null;
    blackFridayOffer: Pick<BlackFridayOfferViewProps, 'snapshot' | 'send'>;
  } | null;
  /** The router's link, so the view stays free of navigation. */
  renderLink: (link: PortalLink) => ReactNode;
  /**
   * The team's own section (members, invitations, name, audit log), which the screen gives for a
   * subscription with a team; without it the view shows the team's summary.
   */
  teamSection?: ReactNode;
  /** The team's API keys and servers, or the dedicated server request: built by the screen. */
  keysAndServersSection?: ReactNode;
};

const priceLabels: Record<BillingCycle, (price: string) => MessageDescriptor> = {
  once: (price) => msg`${price}, billed once`,
  monthly: (price) => msg`${price} monthly`,
  yearly: (price) => msg`${price} yearly`,
  everyThreeYears: (price) => msg`${price} every three years`,
};

function StateText({ state, endsAt }: { state: Subscription['state']; endsAt: string | null }) {
  const { i18n } = useLingui();
  const date = endsAt ? formatDate(endsAt, i18n.locale) : null;
  if (state === 'expired') return <Trans>Expired</Trans>;
  if (state === 'canceled') return date ? <Trans>Ends on {date}</Trans> : <Trans>Ends with the current period</Trans>;
  return date ? <Trans>Renews on {date}</Trans> : <Trans>Active</Trans>;
}

function Details({
  subscription,
  state,
  quantity,
}: {
  subscription: Subscription;
  state: Subscription['state'];
  quantity: number;
}) {
  const { i18n } = useLingui();
  const price = formatMoney(pricePerPeriodCents(subscription.priceCents, quantity), subscription.currency, i18n.locale);
  const unitPrice = formatMoney(subscription.priceCents, subscription.currency, i18n.locale);
  const seatsInUse = subscription.seatsInUse;
  return (
    <Card title={<Trans>Details</Trans>}>
      <dl className={detailsList}>
        <dt>
          <Trans>Plan</Trans>
        </dt>
        <dd>{subscription.title}</dd>
        <dt>
          <Trans context="subscription state">Status</Trans>
        </dt>
        <dd>
          <StateText state={state} endsAt={subscription.currentPeriodEndsAt} />
        </dd>
        <dt>
          <Trans>Price</Trans>
        </dt>
        <dd>
          {i18n._(priceLabels[billingCycleOf(subscription)](price))}
          {quantity > 1 ? (
            <Text as="div" tone="muted">
              <Trans>{unitPrice} per seat</Trans>
            </Text>
          ) : null}
        </dd>
        {subscription.type === 'teams' && seatsInUse !== null ? (
          <>
            <dt>
              <Trans>Seats</Trans>
            </dt>
            <dd>
              <Plural
                value={quantity}
                one={`${seatsInUse} of # seat in use`}
                other={`${seatsInUse} of # seats in use`}
              />
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

function Team({ team, seatsInUse }: { team: NonNullable<Subscription['team']>; seatsInUse: number | null }) {
  const teamName = team.name;
  return (
    <Card title={<Trans>Team</Trans>}>
      <Text weight="medium">
        <bdi>{teamName}</bdi>
      </Text>
      {seatsInUse !== null ? (
        <Text tone="muted">
          <Plural value={seatsInUse} one="# seat in use" other="# seats in use" />
        </Text>
      ) : null}
    </Card>
  );
}

/** The subscription portal: what the subscription is, and what this person may change on it. */
export function SubscriptionPortalView({
  subscription,
  owner,
  renderLink,
  teamSection,
  keysAndServersSection,
}: SubscriptionPortalViewProps) {
  const { t } = useLingui();
  // The owner's machine knows of a change the moment it is made; the account query follows.
  const facts = owner?.lifecycle.snapshot.context.subscription;
  const state = facts?.state ?? subscription.state;
  const quantity = facts?.quantity ?? subscription.quantity;
  const referenceId = subscription.referenceId;
  const ownerEmail = subscription.ownerEmail;
  const upgradable = state !== 'expired' && subscription.upgradeDetails.upgradeOptions.length > 0;
  const blackFridayPrice = bestBlackFridayPriceOf(subscription);
  // Once the owner acts on the offer, the card stays to show how it went, whatever the account says by then.
  const offerShown =
    state !== 'expired' &&
    owner !== null &&
    (blackFridayPrice !== null || !owner.blackFridayOffer.snapshot.matches('offered'));
  return (
    <div className={grid({ gap: '6' })}>
      <PageHeader
        back={renderLink({ to: '/account', className: textLink, children: <Trans>Back to your account</Trans> })}
        title={subscription.productName}
        description={subscription.title}
        actions={
          owner ? (
            <nav aria-label={t`Plan and billing`} className={wrap({ gap: '3' })}>
              {upgradable
                ? renderLink({
                    to: '/upgrade',
                    referenceId,
                    className: buttonLook(),
                    children: <Trans>Upgrade</Trans>,
                  })
                : null}
              {renderLink({
                to: '/billing',
                referenceId,
                className: buttonLook({ variant: 'outline' }),
                children: <Trans>Billing</Trans>,
              })}
            </nav>
          ) : null
        }
      />

      <div className={grid({ gap: '4', columns: { base: 1, lg: 2 } })}>
        <Details subscription={subscription} state={state} quantity={quantity} />

        {owner ? (
          <SubscriptionLifecycleView
            snapshot={owner.lifecycle.snapshot}
            send={owner.lifecycle.send}
            currentPeriodEndsAt={subscription.currentPeriodEndsAt}
          />
        ) : (
          <Card title={<Trans>Plan, seats and billing</Trans>}>
            <p>
              <Trans>
                Only the owner of this subscription, <bdi>{ownerEmail}</bdi>, can change its plan, seats and billing.
              </Trans>
            </p>
          </Card>
        )}

        {owner && offerShown ? (
          <BlackFridayOfferView
            snapshot={owner.blackFridayOffer.snapshot}
            send={owner.blackFridayOffer.send}
            price={blackFridayPrice}
            referenceId={referenceId}
            renderLink={renderLink}
          />
        ) : null}

        {owner?.coupons ? <CouponRedemptionView snapshot={owner.coupons.snapshot} send={owner.coupons.send} /> : null}

        {subscription.team && !teamSection ? (
          <Team team={subscription.team} seatsInUse={subscription.seatsInUse} />
        ) : null}

        {keysAndServersSection}
      </div>

      {teamSection}
    </div>
  );
}

/** While the account is read (the guard has usually read it already). */
export function SubscriptionPortalLoadingView() {
  return (
    <Text role="status" tone="muted">
      <Trans>Loading your subscription…</Trans>
    </Text>
  );
}

export function SubscriptionPortalLoadFailedView({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert onRetry={onRetry}>
      <Trans>We could not load your subscription.</Trans>
    </Alert>
  );
}

/** The subscription left the account while the page was open (it moved to another owner, say). */
export function SubscriptionNotFoundView({ renderLink }: Pick<SubscriptionPortalViewProps, 'renderLink'>) {
  return (
    <section className={stack({ gap: '3' })}>
      <PageHeader title={<Trans>Subscription not found</Trans>} />
      <p>
        <Trans>This subscription is not part of your account.</Trans>
      </p>
      <p>{renderLink({ to: '/account', className: textLink, children: <Trans>Back to your account</Trans> })}</p>
    </section>
  );
}

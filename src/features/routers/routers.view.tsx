import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Subscription } from '../../../contract/account';
import type { Router, RouterState, RouterVendor } from '../../../contract/routers';
import { stack } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { subscriptionStateLabels } from '../../lib/billing-labels';
import { formatDate, formatDateTime } from '../../lib/format/dates';
import { textLink } from '../../theme/recipes/link';

/** Where a router coupon is redeemed. */
const routerCouponHref = '/redeem-router-coupon';

export type RouterPlan = Pick<Subscription, 'referenceId' | 'title' | 'state' | 'currentPeriodEndsAt'>;

export type RoutersViewProps = { onNavigate: Navigate } & (
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  /** `routerPlans`: the person's router subscriptions (by product name, docs/spec.md §9). */
  | {
      status: 'success';
      routers: Router[];
      routerPlans: RouterPlan[];
      /** The partner routers' success messages, rendered by the screen with each one's machine. */
      messages?: ReactNode;
    }
);

/** The vendors' own names: brands, the same in every language. */
const vendorNames: Record<RouterVendor, string> = { miri: 'Miri', strata: 'Strata' };

const routerStateLabels: Record<RouterState, MessageDescriptor> = {
  setup: msg({ message: 'Setting up', context: 'router state' }),
  online: msg({ message: 'Online', context: 'router state' }),
  offline: msg({ message: 'Offline', context: 'router state' }),
};

const routerStateTones = { setup: 'neutral', online: 'success', offline: 'danger' } as const satisfies Record<
  RouterState,
  string
>;

function RoutersTable({ routers }: { routers: Router[] }) {
  const { i18n } = useLingui();
  const columns: DataTableColumn<Router>[] = [
    {
      key: 'router',
      header: <Trans>Router</Trans>,
      rowHeader: true,
      cell: (router) => (
        <>
          <Text as="span" weight="medium">
            <bdi>{router.name}</bdi>
          </Text>
          {router.isOwner ? null : (
            <Text as="div" tone="muted" size="sm" weight="normal">
              <Trans>Lent to your team</Trans>
            </Text>
          )}
        </>
      ),
    },
    { key: 'vendor', header: <Trans>Vendor</Trans>, cell: (router) => vendorNames[router.vendor] },
    {
      key: 'state',
      header: <Trans context="router state">Status</Trans>,
      cell: (router) => <Badge tone={routerStateTones[router.state]}>{i18n._(routerStateLabels[router.state])}</Badge>,
    },
    {
      key: 'lastActive',
      header: <Trans>Last active</Trans>,
      cell: (router) => (
        <time dateTime={router.lastActiveTime}>{formatDateTime(router.lastActiveTime, i18n.locale)}</time>
      ),
    },
    {
      key: 'subscription',
      header: <Trans>Subscription</Trans>,
      cell: (router) =>
        router.subscription ? (
          <>
            <bdi>{router.subscription.productName}</bdi>
            {router.subscription.state === 'active' ? null : (
              <Text as="div" tone="muted" size="sm">
                {i18n._(subscriptionStateLabels[router.subscription.state])}
              </Text>
            )}
          </>
        ) : (
          <Text as="span" tone="muted">
            <Trans>No subscription</Trans>
          </Text>
        ),
    },
    {
      key: 'team',
      header: <Trans>Team</Trans>,
      cell: (router) =>
        router.team ? (
          <bdi>{router.team.name}</bdi>
        ) : (
          <Text as="span" tone="muted">
            <Trans>Not shared</Trans>
          </Text>
        ),
    },
  ];
  return (
    <DataTable
      caption={<Trans>Your routers</Trans>}
      captionHidden
      inNamedSection
      columns={columns}
      rows={routers}
      rowKey={(router) => router.routerId}
      empty={
        <EmptyState>
          <Trans>No routers yet. A router appears here once it is set up with your account.</Trans>
        </EmptyState>
      }
    />
  );
}

function RouterPlans({ plans, routers }: { plans: RouterPlan[]; routers: Router[] }) {
  const { i18n } = useLingui();
  if (plans.length === 0)
    return (
      <EmptyState>
        <Trans>You have no router subscriptions yet. Redeem the coupon that came with your router to start one.</Trans>
      </EmptyState>
    );
  return (
    <ul className={stack({ gap: '3' })}>
      {plans.map((plan) => {
        const router = routers.find((candidate) => candidate.subscription?.referenceId === plan.referenceId);
        const endsAt = plan.currentPeriodEndsAt ? formatDate(plan.currentPeriodEndsAt, i18n.locale) : null;
        return (
          <li key={plan.referenceId} className={stack({ gap: '0.5' })}>
            <Text as="span" weight="medium">
              <bdi>{plan.title}</bdi> · {i18n._(subscriptionStateLabels[plan.state])}
            </Text>
            <Text as="span" tone="muted">
              {router ? (
                <Trans>
                  Used by <bdi>{router.name}</bdi>
                </Trans>
              ) : (
                <Trans>Not used by a router yet</Trans>
              )}
              {endsAt ? (
                <>
                  {' · '}
                  <Trans>Until {endsAt}</Trans>
                </>
              ) : null}
            </Text>
          </li>
        );
      })}
    </ul>
  );
}

/** `/routers`: the routers of the person and of their teams, and their router subscriptions. */
export function RoutersView(props: RoutersViewProps) {
  return (
    <div className={stack({ gap: '6', width: '100%' })}>
      <PageHeader title={<Trans>Routers</Trans>} />
      {props.status === 'pending' ? (
        <Text role="status" tone="muted">
          <Trans>Loading your routers…</Trans>
        </Text>
      ) : props.status === 'error' ? (
        <Alert onRetry={props.onRetry}>
          <Trans>We could not load your routers.</Trans>
        </Alert>
      ) : (
        <>
          <Card title={<Trans>Your routers</Trans>} titleId="routers-title">
            {props.messages}
            <RoutersTable routers={props.routers} />
          </Card>
          <Card title={<Trans>Router subscriptions</Trans>} titleId="router-plans-title">
            <RouterPlans plans={props.routerPlans} routers={props.routers} />
            <p>
              <InternalLink href={routerCouponHref} onNavigate={props.onNavigate} className={textLink}>
                <Trans>Redeem a router coupon</Trans>
              </InternalLink>
            </p>
          </Card>
        </>
      )}
    </div>
  );
}

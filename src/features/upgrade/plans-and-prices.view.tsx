import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { stack } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { billingCycleLabels } from '../../lib/billing-labels';
import { formatMoney } from '../../lib/format/money';
import { type PlanPrice, type PlanProduct, pricingCurrency } from './plan-prices';

export type PlanPricesProps =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'success'; plans: PlanPrice[] };

type PlansAndPricesViewProps = { prices: PlanPricesProps; dashboardLink: ReactNode };

const productLabels: Record<PlanProduct, MessageDescriptor> = {
  personal: msg({ message: 'Personal', context: 'plan' }),
  teams: msg({ message: 'Teams', context: 'plan' }),
  families: msg({ message: 'Families', context: 'plan' }),
  dedicatedServer: msg({ message: 'Dedicated server', context: 'plan' }),
  router: msg({ message: 'Router', context: 'plan' }),
};

function PlansTable({ plans }: { plans: PlanPrice[] }) {
  const { i18n } = useLingui();
  const columns: DataTableColumn<PlanPrice>[] = [
    {
      key: 'plan',
      header: <Trans>Plan</Trans>,
      rowHeader: true,
      cell: (plan) => (plan.product ? i18n._(productLabels[plan.product]) : <bdi>{plan.planCode}</bdi>),
    },
    { key: 'cycle', header: <Trans>Billing</Trans>, cell: (plan) => i18n._(billingCycleLabels[plan.cycle]) },
    {
      key: 'price',
      header: <Trans>Price</Trans>,
      numeric: true,
      cell: (plan) => formatMoney(plan.priceCents, pricingCurrency, i18n.locale),
    },
  ];
  return (
    <DataTable
      caption={<Trans>Prices of every plan</Trans>}
      captionHidden
      columns={columns}
      rows={plans}
      rowKey={(plan) => plan.planCode}
    />
  );
}

/**
 * The marketing upgrade route when none of the person's subscriptions has the plan it names: no
 * offer of theirs applies, so the page lists every plan with its price (GET /api/pricing).
 */
export function PlansAndPricesView({ prices, dashboardLink }: PlansAndPricesViewProps) {
  return (
    <div className={stack({ gap: '5' })}>
      <PageHeader title={<Trans>Upgrade</Trans>} back={dashboardLink} />
      <p role="status">
        <Trans>We could not find that plan among your subscriptions.</Trans>
      </p>
      <Card title={<Trans>Plans and prices</Trans>}>
        {prices.status === 'pending' ? (
          <Text role="status" tone="muted">
            <Trans>Loading the plans…</Trans>
          </Text>
        ) : prices.status === 'error' ? (
          <Alert onRetry={prices.onRetry}>
            <Trans>We could not load the plans and their prices.</Trans>
          </Alert>
        ) : (
          <PlansTable plans={prices.plans} />
        )}
      </Card>
    </div>
  );
}

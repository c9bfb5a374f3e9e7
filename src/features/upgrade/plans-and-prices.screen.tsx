import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { textLink } from '../../theme/recipes/link';
import { planPricesOf } from './plan-prices';
import { type PlanPricesProps, PlansAndPricesView } from './plans-and-prices.view';
import { pricingQuery } from './upgrade.queries';

/** The marketing upgrade route's page when no subscription of the person's has the plan: every plan's price. */
export function PlansAndPricesScreen() {
  const pricing = useQuery(pricingQuery);
  const prices: PlanPricesProps = pricing.isPending
    ? { status: 'pending' }
    : pricing.isError
      ? { status: 'error', onRetry: () => void pricing.refetch() }
      : { status: 'success', plans: planPricesOf(pricing.data) };
  return (
    <PlansAndPricesView
      prices={prices}
      dashboardLink={
        <Link to="/account" className={textLink}>
          <Trans>Back to your account</Trans>
        </Link>
      }
    />
  );
}

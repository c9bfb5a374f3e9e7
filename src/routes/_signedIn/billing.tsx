import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import { ownedSubscriptionFor, ownedSubscriptionsOf } from '../../app/owned-subscription';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser, requireOwner } from '../../app/route-checks';
import { BillingScreen } from '../../features/billing/billing.screen';
import { BillingChooserView } from '../../features/billing/billing.view';
import { accountUserQuery } from '../../lib/queries/account-user';

const title = msg`Billing`;

export const Route = createFileRoute('/_signedIn/billing')({
  validateSearch: v.object({ referenceId: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: async ({ context, search }) => {
    refreshStaleUser(context, context.user);
    await requireOwner(context, search.referenceId);
  },
  loaderDeps: ({ search }) => ({ referenceId: search.referenceId }),
  // The billing is asked for beside the page's code; not awaited, so the page shows its own loading
  // state. Its query comes with the page's chunk, not the entry: sign-in never needs it.
  loader: async ({ context, deps }) => {
    const account = context.queryClient.getQueryData(accountUserQuery.queryKey);
    const subscription = account ? ownedSubscriptionFor(account, deps.referenceId) : null;
    if (!subscription) return;
    const { billingOverviewQuery } = await import('../../features/billing/billing.queries');
    void context.queryClient.prefetchQuery(billingOverviewQuery(subscription.referenceId));
  },
  head: () => titleHead(i18n._(title)),
  component: BillingPage,
});

const linkStyle = css({ color: 'accent.default', textDecoration: 'underline', fontWeight: 'semibold' });

/** The named subscription, or the owner's only one; with several and none named, a choice. */
function BillingPage() {
  const { referenceId } = Route.useSearch();
  const account = useQuery(accountUserQuery);
  if (!account.data) return null;
  const subscription = ownedSubscriptionFor(account.data, referenceId);
  if (subscription) return <BillingScreen referenceId={subscription.referenceId} />;
  return (
    <BillingChooserView
      subscriptions={ownedSubscriptionsOf(account.data)}
      billingLink={(owned) => (
        <Link to="/billing" search={{ referenceId: owned.referenceId }} className={linkStyle}>
          {owned.title}
        </Link>
      )}
    />
  );
}

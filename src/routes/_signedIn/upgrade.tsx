import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { ownedSubscriptionFor } from '../../app/owned-subscription';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser, requireOwner } from '../../app/route-checks';
import { UpgradeScreen } from '../../features/upgrade/upgrade.screen';
import { accountUserQuery } from '../../lib/queries/account-user';

const title = msg`Upgrade`;

export const Route = createFileRoute('/_signedIn/upgrade')({
  validateSearch: v.object({ referenceId: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: async ({ context, search }) => {
    refreshStaleUser(context, context.user);
    await requireOwner(context, search.referenceId);
    // The owner's subscription named by referenceId; without one, their only subscription.
    const account = await context.queryClient.ensureQueryData(accountUserQuery);
    const subscription = ownedSubscriptionFor(account, search.referenceId);
    if (!subscription) throw redirect({ to: '/account', replace: true });
    return { upgradeReferenceId: subscription.referenceId };
  },
  head: () => titleHead(i18n._(title)),
  component: UpgradePage,
});

function UpgradePage() {
  const { upgradeReferenceId } = Route.useRouteContext();
  return <UpgradeScreen referenceId={upgradeReferenceId} />;
}

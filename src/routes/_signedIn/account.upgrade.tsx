import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { upgradeTargetFor } from '../../app/guards';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser, requireOwner } from '../../app/route-checks';
import { PlansAndPricesScreen } from '../../features/upgrade/plans-and-prices.screen';
import { UpgradeScreen } from '../../features/upgrade/upgrade.screen';
import { accountUserQuery } from '../../lib/queries/account-user';

const title = msg`Upgrade`;

/**
 * The marketing upgrade push (LegacyUpgradePortalShortcut): finds the subscription to upgrade from
 * the optional currentPlan, and opens the upgrade portal for it. When none of the person's
 * subscriptions has that plan, no offer of theirs applies: the page lists every plan's price.
 */
export const Route = createFileRoute('/_signedIn/account/upgrade')({
  validateSearch: v.object({ currentPlan: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: async ({ context, search }) => {
    refreshStaleUser(context, context.user);
    const account = await context.queryClient.ensureQueryData(accountUserQuery);
    const target = upgradeTargetFor(account.subscriptions, search.currentPlan);
    if (target.kind === 'dashboard') throw redirect({ to: '/account', replace: true });
    await requireOwner(context, target.kind === 'subscription' ? target.referenceId : undefined);
    return { upgradeTarget: target };
  },
  head: () => titleHead(i18n._(title)),
  component: LegacyUpgradePortalShortcut,
});

function LegacyUpgradePortalShortcut() {
  const { upgradeTarget } = Route.useRouteContext();
  if (upgradeTarget.kind === 'subscription') return <UpgradeScreen referenceId={upgradeTarget.referenceId} />;
  return <PlansAndPricesScreen />;
}

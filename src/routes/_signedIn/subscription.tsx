import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { navigateTo } from '../../app/navigate';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser, requireAdminOrOwner } from '../../app/route-checks';
import { SubscriptionPortalScreen } from '../../features/subscription-portal/subscription-portal.screen';
import { SecondFactorRequiredScreen } from '../../features/team/second-factor-required.screen';

const title = msg`Subscription`;

export const Route = createFileRoute('/_signedIn/subscription')({
  validateSearch: v.object({ referenceId: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: async ({ context, search }) => {
    refreshStaleUser(context, context.user);
    await requireAdminOrOwner(context, search.referenceId);
  },
  head: () => titleHead(i18n._(title)),
  component: SubscriptionPage,
});

/** A team whose owner requires two-step sign-in shows a member without it the way to set it up instead. */
function SubscriptionPage() {
  const router = useRouter();
  const { referenceId } = Route.useSearch();
  return (
    <SecondFactorRequiredScreen referenceId={referenceId} onNavigate={(href) => void navigateTo(router, href)}>
      <SubscriptionPortalScreen referenceId={referenceId} />
    </SecondFactorRequiredScreen>
  );
}

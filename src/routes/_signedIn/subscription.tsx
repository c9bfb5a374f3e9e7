import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser, requireAdminOrOwner } from '../../app/route-checks';
import { SubscriptionPortalScreen } from '../../features/subscription-portal/subscription-portal.screen';

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

function SubscriptionPage() {
  const { referenceId } = Route.useSearch();
  return <SubscriptionPortalScreen referenceId={referenceId} />;
}

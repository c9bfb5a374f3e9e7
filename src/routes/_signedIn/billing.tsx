import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser, requireOwner } from '../../app/route-checks';
import { PlaceholderView } from '../../features/placeholder/placeholder.view';

const title = msg`Billing`;

export const Route = createFileRoute('/_signedIn/billing')({
  validateSearch: v.object({ referenceId: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: async ({ context, search }) => {
    refreshStaleUser(context, context.user);
    await requireOwner(context, search.referenceId);
  },
  head: () => titleHead(i18n._(title)),
  component: BillingPage,
});

function BillingPage() {
  return <PlaceholderView title={i18n._(title)} />;
}

import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { PlaceholderView } from '../../features/placeholder/placeholder.view';
import { flags } from '../../lib/config';

const title = msg`Usage reports`;

export const Route = createFileRoute('/_signedIn/reports')({
  beforeLoad: ({ context }) => {
    if (!flags.enableReportsPage) throw redirect({ to: '/account', replace: true });
    refreshStaleUser(context, context.user);
  },
  head: () => titleHead(i18n._(title)),
  component: ReportsPage,
});

function ReportsPage() {
  return <PlaceholderView title={i18n._(title)} />;
}

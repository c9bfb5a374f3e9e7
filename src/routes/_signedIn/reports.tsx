import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { ReportsScreen } from '../../features/reports/reports.screen';
import { ReportsSearch } from '../../features/reports/reports-search';
import { flags } from '../../lib/config';
import { loadCatalog } from '../../lib/i18n';

const title = msg`Usage reports`;

export const Route = createFileRoute('/_signedIn/reports')({
  validateSearch: ReportsSearch,
  beforeLoad: async ({ context }) => {
    if (!flags.enableReportsPage) throw redirect({ to: '/account', replace: true });
    refreshStaleUser(context, context.user);
    // The one signed-in page whose messages no other page needs: a catalog of its own.
    await loadCatalog('reports');
  },
  head: () => titleHead(i18n._(title)),
  component: ReportsPage,
});

function ReportsPage() {
  return <ReportsScreen search={Route.useSearch()} />;
}

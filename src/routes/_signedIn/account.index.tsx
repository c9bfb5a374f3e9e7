import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { titleHead } from '../../app/page-title';
import { DashboardView } from '../../features/dashboard/dashboard.view';
import { accountUserQuery } from '../../lib/queries';

const title = msg`Your account`;

export const Route = createFileRoute('/_signedIn/account/')({
  head: () => titleHead(i18n._(title)),
  component: AccountDashboard,
});

function AccountDashboard() {
  const { session } = Route.useRouteContext();
  const account = useQuery(accountUserQuery);
  const signingOut = useSelector(session, (state) => state.matches('signingOut'));
  return (
    <DashboardView
      account={account.data}
      loadFailed={account.isError}
      signingOut={signingOut}
      onSignOut={() => session.send({ type: 'user.signOut' })}
      onRetry={() => void account.refetch()}
    />
  );
}

import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { css } from '../../../styled-system/css';
import { titleHead } from '../../app/page-title';
import { ChangePasswordScreen } from '../../features/change-password/change-password.screen';
import { DashboardView } from '../../features/dashboard/dashboard.view';
import { accountUserQuery } from '../../lib/queries';

const title = msg`Your account`;

export const Route = createFileRoute('/_signedIn/account/')({
  head: () => titleHead(i18n._(title)),
  // The account is asked for as soon as the session is known, beside the page's code rather than
  // after it; not awaited, so the page shows its loading and failure states itself.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(accountUserQuery);
  },
  component: AccountDashboard,
});

function AccountDashboard() {
  const { session } = Route.useRouteContext();
  const account = useQuery(accountUserQuery);
  const signingOut = useSelector(session, (state) => state.matches('signingOut'));
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <DashboardView
        account={account.data}
        loadFailed={account.isError}
        signingOut={signingOut}
        onSignOut={() => session.send({ type: 'user.signOut' })}
        onRetry={() => void account.refetch()}
      />
      <ChangePasswordScreen />
    </div>
  );
}

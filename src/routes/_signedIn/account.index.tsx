import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { stack } from '../../../styled-system/patterns';
import { navigateTo } from '../../app/navigate';
import { titleHead } from '../../app/page-title';
import { Heading } from '../../components/ui/text';
import { AccountView } from '../../features/account/account.view';
import { ChangePasswordScreen } from '../../features/change-password/change-password.screen';
import { config, flags } from '../../lib/config';
import { accountUserQuery } from '../../lib/queries/account-user';
import { loadSecurityCatalog } from '../../lib/security-catalog';

const title = msg`Your account`;

// Its own chunk: the devices list and its machine load beside the account page, not before it.
const DevicesScreen = lazy(() =>
  import('../../features/devices/devices.screen').then((module) => ({ default: module.DevicesScreen })),
);

// Its own chunk too: the sessions list, its machine and its schemas load beside the account page.
const PrivateServersSection = lazy(() =>
  import('../../features/servers/servers.screen').then((module) => ({
    default: () => <module.ServersScreen of="private" />,
  })),
);
const YourSessionsSection = lazy(() =>
  import('../../features/your-sessions/your-sessions.screen').then((module) => ({
    default: module.YourSessionsScreen,
  })),
);

/** A section of the ways to sign in, in its own chunk, with the messages of the security catalog. */
const withSecurityMessages = <T,>(load: () => Promise<T>) =>
  Promise.all([load(), loadSecurityCatalog()]).then(([module]) => module);

// Its own chunk as well: the linked sign-ins, their machine and their schemas.
const LinkedSignInsSection = lazy(() =>
  withSecurityMessages(() => import('../../features/linked-sign-ins/linked-sign-ins.screen')).then((module) => ({
    default: module.LinkedSignInsScreen,
  })),
);

// Its own chunk too: the passkeys, their machine and the browser's WebAuthn library.
const PasskeysSection = lazy(() =>
  withSecurityMessages(() => import('../../features/passkeys/passkeys.screen')).then((module) => ({
    default: module.PasskeysScreen,
  })),
);

// Its own chunk too: two-step sign-in, its machine and the QR code's library.
const AuthenticatorAppSection = lazy(() =>
  withSecurityMessages(() => import('../../features/authenticator-app/authenticator-app.screen')).then((module) => ({
    default: module.AuthenticatorAppScreen,
  })),
);

// With the number formats of every region: only once the account page shows.
const AccountPhone = lazy(() =>
  import('../../features/phone-verification/account-phone').then((module) => ({ default: module.AccountPhone })),
);

export const Route = createFileRoute('/_signedIn/account/')({
  head: () => titleHead(i18n._(title)),
  // The account is asked for as soon as the session is known, beside the page's code rather than
  // after it; not awaited, so the page shows its loading and failure states itself.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(accountUserQuery);
  },
  component: AccountPage,
});

function AccountPage() {
  const router = useRouter();
  const { user } = Route.useRouteContext();
  const account = useQuery(accountUserQuery);
  return (
    <div className={stack({ gap: '6' })}>
      <AccountView
        account={account.data}
        loadFailed={account.isError}
        orderSiteUrl={config.orderSiteOrigin}
        onNavigate={(href) => void navigateTo(router, href)}
        onRetry={() => void account.refetch()}
        phoneLine={
          <Suspense fallback={null}>
            <AccountPhone phone={user.phone} onNavigate={(href) => void navigateTo(router, href)} />
          </Suspense>
        }
        devicesSection={
          flags.enableLinkedDevicesView ? (
            <Suspense fallback={null}>
              <DevicesScreen />
            </Suspense>
          ) : undefined
        }
      />
      {/* Servers outside any team (teamId -1, docs/spec.md §3), where the account has one. */}
      {account.data?.servers.some((server) => server.teamId === -1) ? (
        <Suspense fallback={null}>
          <PrivateServersSection />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <YourSessionsSection />
      </Suspense>
      {/* The ways into the account, together (issue 22): `/account#security`. */}
      <section id="security" aria-labelledby="security-title" className={stack({ gap: '4' })}>
        <Heading as="h2" level="group" id="security-title">
          <Trans>Sign-in and security</Trans>
        </Heading>
        <Suspense fallback={null}>
          <LinkedSignInsSection />
        </Suspense>
        <Suspense fallback={null}>
          <PasskeysSection />
        </Suspense>
        <Suspense fallback={null}>
          <AuthenticatorAppSection />
        </Suspense>
        <ChangePasswordScreen />
      </section>
    </div>
  );
}

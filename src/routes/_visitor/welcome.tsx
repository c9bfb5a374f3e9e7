import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import { utmParamsOf } from '../../app/guards';
import { navigateTo } from '../../app/navigate';
import { titleHead } from '../../app/page-title';
import { refreshStaleUserIfSignedIn } from '../../app/route-checks';
import { WelcomeView, type WelcomeVisitor } from '../../features/welcome/welcome.view';
import { appDownloads } from '../../lib/app-downloads';
import { config } from '../../lib/config';
import { pageLinks } from '../../lib/page-links';

const title = msg`Welcome`;

export const Route = createFileRoute('/_visitor/welcome')({
  // Any search is accepted: the utm_ parameters the apps add are passed on to sign-in and sign-up.
  validateSearch: v.looseObject({}),
  beforeLoad: ({ context }) => refreshStaleUserIfSignedIn(context),
  head: () => titleHead(i18n._(title)),
  component: WelcomePage,
});

/** `path` with the utm_ parameters of the welcome page's own address. */
function withUtm(path: string, search: Record<string, unknown>): string {
  const utm = Object.entries(utmParamsOf(search)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return utm.length > 0 ? `${path}?${new URLSearchParams(utm)}` : path;
}

function WelcomePage() {
  const search = Route.useSearch();
  const router = useRouter();
  const { session } = Route.useRouteContext();
  // Shown at once, as to a visitor; if the session check finds someone, the page offers their account.
  const email = useSelector(session, (snapshot) =>
    snapshot.matches('signedIn') ? snapshot.context.user?.email : null,
  );
  const visitor: WelcomeVisitor = email
    ? { kind: 'signedIn', email, accountHref: pageLinks.account }
    : { kind: 'visitor', signInHref: withUtm('/login', search), createAccountHref: withUtm('/create', search) };
  return (
    <WelcomeView
      productName={config.productName}
      visitor={visitor}
      apps={appDownloads}
      onNavigate={(href) => void navigateTo(router, href)}
    />
  );
}

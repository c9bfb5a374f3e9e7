import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import type { SessionClaims } from '../../contract/auth';
import { redirectTargetFor } from '../app/guards';
import { titleHead } from '../app/page-title';
import { currentSessionUser } from '../app/session';
import { SignInScreen } from '../features/sign-in/sign-in.screen';
import { config } from '../lib/config';

const title = msg`Sign in`;

const LoginSearch = v.looseObject({
  redirect: v.fallback(v.optional(v.string()), undefined),
  login_hint: v.fallback(v.optional(v.string()), undefined),
});

function targetOf(redirectParam: string | undefined) {
  return redirectTargetFor(redirectParam, { own: window.location.origin, orderSite: config.orderSiteOrigin });
}

export const Route = createFileRoute('/login')({
  validateSearch: LoginSearch,
  // The form shows at once; if the session check finds someone afterwards, this runs again.
  beforeLoad: ({ context, search }) => {
    const user = currentSessionUser(context.session);
    // Someone signed in as the hinted account (or with no hint) has nothing to do here.
    if (user && (!search.login_hint || search.login_hint.toLowerCase() === user.email)) {
      const target = targetOf(search.redirect);
      if (target.kind === 'external') throw redirect({ href: target.href, reloadDocument: true });
      throw redirect({ href: target.href, replace: true });
    }
  },
  head: () => titleHead(i18n._(title)),
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const { session } = Route.useRouteContext();
  const router = useRouter();

  function onSignedIn(user: SessionClaims) {
    session.send({ type: 'session.signedIn', user });
    const target = targetOf(search.redirect);
    if (target.kind === 'external') window.location.assign(target.href);
    else router.history.push(target.href);
  }

  return (
    <SignInScreen
      loginHint={search.login_hint}
      redirect={search.redirect}
      onSignedIn={onSignedIn}
      // The second step leads to the same redirect afterwards. The codes are always offered there;
      // the ways of answering travel along only when they offer more (one of the account's passkeys).
      onSecondFactorRequired={(methods) =>
        void router.navigate({
          to: '/auth/second-step',
          search: { redirect: search.redirect, methods: methods.includes('passkey') ? methods : undefined },
        })
      }
    />
  );
}

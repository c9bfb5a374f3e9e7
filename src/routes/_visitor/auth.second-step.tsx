import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { SecondFactorMethod } from '../../../contract/auth';
import type { SecondFactorSignedIn } from '../../../contract/second-factor';
import { redirectTargetFor } from '../../app/guards';
import { titleHead } from '../../app/page-title';
import { currentSessionUser } from '../../app/session';
import { SecondFactorChallengeScreen } from '../../features/second-factor-challenge/second-factor-challenge.screen';
import { config } from '../../lib/config';

const title = msg`Two-step sign-in`;

/**
 * Where the sign-in leads, as /login takes it (a password sign-in's; a provider's waits on the
 * server), and the ways the account can answer, as the sign-in's answer listed them: only a hint
 * of what to offer (the server decides what it takes); without it, the codes.
 */
const SecondStepSearch = v.looseObject({
  redirect: v.fallback(v.optional(v.string()), undefined),
  methods: v.fallback(v.optional(v.array(SecondFactorMethod)), undefined),
});

function targetOf(redirectParam: string | undefined) {
  return redirectTargetFor(redirectParam, { own: window.location.origin, orderSite: config.orderSiteOrigin });
}

/**
 * The second step of a sign-in (issue 22): the sign-in page, the provider's callback and the
 * mailed link's page come here when the account has an authenticator app on. The waiting sign-in
 * is bound to this browser by a cookie the page cannot read: the server says when there is none.
 */
export const Route = createFileRoute('/_visitor/auth/second-step')({
  validateSearch: SecondStepSearch,
  // Someone already signed in has nothing to do here.
  beforeLoad: ({ context, search }) => {
    if (!currentSessionUser(context.session)) return;
    const target = targetOf(search.redirect);
    if (target.kind === 'external') throw redirect({ href: target.href, reloadDocument: true });
    throw redirect({ href: target.href, replace: true });
  },
  head: () => titleHead(i18n._(title)),
  component: SecondStepPage,
});

function SecondStepPage() {
  const search = Route.useSearch();
  const { session } = Route.useRouteContext();
  const router = useRouter();
  const signInHref = search.redirect ? `/login?${new URLSearchParams({ redirect: search.redirect })}` : '/login';

  function onSignedIn({ user, redirect: providerRedirect }: SecondFactorSignedIn) {
    session.send({ type: 'session.signedIn', user });
    // A provider's sign-in leads where it was started to; a password sign-in where /login was asked to.
    const target = targetOf(providerRedirect ?? search.redirect);
    if (target.kind === 'external') window.location.assign(target.href);
    else router.history.replace(target.href);
  }

  return <SecondFactorChallengeScreen signInHref={signInHref} methods={search.methods} onSignedIn={onSignedIn} />;
}

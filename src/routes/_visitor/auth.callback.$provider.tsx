import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { refreshStaleUserIfSignedIn } from '../../app/route-checks';
import { SignInCallbackScreen } from '../../features/federated-sign-in/sign-in-callback.screen';

const title = msg`Signing in`;

const CallbackParameter = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(4096))), undefined);

/**
 * Where a provider sends the person back after sign-in (docs/spec.md §2): its answer goes to the
 * server, which starts the session; then the phone offer or the redirect (signInCallback machine).
 */
export const Route = createFileRoute('/_visitor/auth/callback/$provider')({
  validateSearch: v.looseObject({
    code: CallbackParameter,
    state: CallbackParameter,
    iss: CallbackParameter,
    error: CallbackParameter,
    redirect: CallbackParameter,
  }),
  // Opened without a provider's answer (a bookmark, a link with only ?redirect=): there is nothing
  // to complete. Sign-in follows the redirect for someone signed in and asks anyone else to sign in.
  // Someone signed in already has their stored user refreshed if it is another's (docs/spec.md §2).
  beforeLoad: ({ search, context }) => {
    if (search.code === undefined && search.state === undefined && search.error === undefined)
      throw redirect({ to: '/login', search: { redirect: search.redirect }, replace: true });
    refreshStaleUserIfSignedIn(context);
  },
  head: () => titleHead(i18n._(title)),
  component: SignInCallbackPage,
});

function SignInCallbackPage() {
  const { provider } = Route.useParams();
  const { code, state, iss, error } = Route.useSearch();
  const { session } = Route.useRouteContext();
  return (
    <SignInCallbackScreen
      provider={provider}
      answer={{ code, state, iss, error }}
      onSignedIn={(user) => session.send({ type: 'session.signedIn', user })}
    />
  );
}

import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { LinkConfirmationScreen } from '../../features/federated-sign-in/link-confirmation.screen';

const title = msg`Link a sign-in`;

/**
 * The page of the link mailed to an account's address when a provider's sign-in waits to be linked
 * to it (issue 21): the owner consents with a button (linkConfirmation machine).
 */
export const Route = createFileRoute('/_visitor/auth/link/$token')({
  head: () => titleHead(i18n._(title)),
  component: LinkConfirmationPage,
});

function LinkConfirmationPage() {
  const { token } = Route.useParams();
  const { session } = Route.useRouteContext();
  return (
    <LinkConfirmationScreen token={token} onSignedIn={(user) => session.send({ type: 'session.signedIn', user })} />
  );
}

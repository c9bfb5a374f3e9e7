import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { ResetPasswordScreen } from '../../features/reset-password/reset-password.screen';

const title = msg`Reset your password`;

export const Route = createFileRoute('/password/reset/$token')({
  head: () => titleHead(i18n._(title)),
  component: ResetTokenPage,
});

function ResetTokenPage() {
  const { token } = Route.useParams();
  // A different link is a different reset: start over.
  return <ResetPasswordScreen key={token} token={token} />;
}

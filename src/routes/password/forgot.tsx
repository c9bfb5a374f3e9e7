import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { ForgotPasswordScreen } from '../../features/forgot-password/forgot-password.screen';

const title = msg`Forgot password`;

const ForgotSearch = v.object({
  /** Pre-fills the e-mail field, e.g. from the sign-in form. */
  email: v.fallback(v.optional(v.string()), undefined),
});

export const Route = createFileRoute('/password/forgot')({
  validateSearch: ForgotSearch,
  head: () => titleHead(i18n._(title)),
  component: ForgotPage,
});

function ForgotPage() {
  const { email } = Route.useSearch();
  return <ForgotPasswordScreen email={email} />;
}

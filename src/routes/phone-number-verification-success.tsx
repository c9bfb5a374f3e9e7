import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../app/page-title';
import { PlaceholderView } from '../features/placeholder/placeholder.view';

const title = msg`Phone number verified`;

export const Route = createFileRoute('/phone-number-verification-success')({
  head: () => titleHead(i18n._(title)),
  component: PhoneNumberVerificationSuccessPage,
});

function PhoneNumberVerificationSuccessPage() {
  return <PlaceholderView title={i18n._(title)} />;
}

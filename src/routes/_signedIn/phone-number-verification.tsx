import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { PlaceholderView } from '../../features/placeholder/placeholder.view';

const title = msg`Verify your phone number`;

export const Route = createFileRoute('/_signedIn/phone-number-verification')({
  head: () => titleHead(i18n._(title)),
  component: PhoneNumberVerificationPage,
});

function PhoneNumberVerificationPage() {
  return <PlaceholderView title={i18n._(title)} />;
}

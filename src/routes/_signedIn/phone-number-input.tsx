import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { PlaceholderView } from '../../features/placeholder/placeholder.view';

const title = msg`Add a phone number`;

export const Route = createFileRoute('/_signedIn/phone-number-input')({
  head: () => titleHead(i18n._(title)),
  component: PhoneNumberInputPage,
});

function PhoneNumberInputPage() {
  return <PlaceholderView title={i18n._(title)} />;
}

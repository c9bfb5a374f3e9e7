import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../../app/page-title';

const title = msg`Add a phone number`;

/** The number step of phone verification: the layout (../_phone.tsx) renders its screen. */
export const Route = createFileRoute('/_signedIn/_phone/phone-number-input')({
  head: () => titleHead(i18n._(title)),
});

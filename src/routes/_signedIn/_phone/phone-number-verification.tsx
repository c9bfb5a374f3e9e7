import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { E164 } from '../../../../contract/phone';
import { titleHead } from '../../../app/page-title';

const title = msg`Verify your phone number`;

/** The code step of phone verification: the layout (../_phone.tsx) renders its screen. */
export const Route = createFileRoute('/_signedIn/_phone/phone-number-verification')({
  // `phone` is the E.164 number the code went to; without a valid one the page asks for the number.
  validateSearch: v.object({ phone: v.fallback(v.optional(E164), undefined) }),
  head: () => titleHead(i18n._(title)),
});

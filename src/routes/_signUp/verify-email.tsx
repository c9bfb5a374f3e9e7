import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { refreshStaleUserIfSignedIn } from '../../app/route-checks';

const title = msg`Verify your e-mail`;

/** The link in the verification mail carries the address: /verify-email?email=… */
const VerifyEmailSearch = v.object({ email: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(254))), undefined) });

export const Route = createFileRoute('/_signUp/verify-email')({
  validateSearch: VerifyEmailSearch,
  beforeLoad: ({ context }) => refreshStaleUserIfSignedIn(context),
  head: () => titleHead(i18n._(title)),
});

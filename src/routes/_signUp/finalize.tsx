import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { refreshStaleUserIfSignedIn } from '../../app/route-checks';

const title = msg`Choose a password`;

export const Route = createFileRoute('/_signUp/finalize')({
  beforeLoad: ({ context }) => refreshStaleUserIfSignedIn(context),
  head: () => titleHead(i18n._(title)),
});

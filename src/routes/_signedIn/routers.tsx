import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { RoutersScreen } from '../../features/routers/routers.screen';

const title = msg`Routers`;

export const Route = createFileRoute('/_signedIn/routers')({
  beforeLoad: ({ context }) => refreshStaleUser(context, context.user),
  head: () => titleHead(i18n._(title)),
  component: RoutersScreen,
});

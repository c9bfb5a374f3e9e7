import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { searchText } from '../../app/search-text';
import { DeviceActivationScreen } from '../../features/device-activation/device-activation.screen';

const title = msg`Device Activation`;

export const Route = createFileRoute('/_signedIn/activate')({
  // The link a device shows carries its code: `/activate?activationCode=123456` fills it in.
  validateSearch: v.object({ activationCode: searchText }),
  beforeLoad: ({ context }) => refreshStaleUser(context, context.user),
  head: () => titleHead(i18n._(title)),
  component: ActivatePage,
});

function ActivatePage() {
  const { activationCode } = Route.useSearch();
  const { user } = Route.useRouteContext();
  return <DeviceActivationScreen userid={user.sub} initialCode={activationCode} />;
}

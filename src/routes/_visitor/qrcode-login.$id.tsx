import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { refreshStaleUserIfSignedIn } from '../../app/route-checks';
import { QrApprovalScreen } from '../../features/qr-approval/qr-approval.screen';

const title = msg`Sign in with a QR code`;

// Public: the server answers a visitor without a session with 401, and the page offers sign-in.
export const Route = createFileRoute('/_visitor/qrcode-login/$id')({
  beforeLoad: ({ context }) => refreshStaleUserIfSignedIn(context),
  head: () => titleHead(i18n._(title)),
  component: QrcodeLoginIdPage,
});

function QrcodeLoginIdPage() {
  const { id } = Route.useParams();
  // A new id (another code scanned) is a new request: a machine of its own.
  return <QrApprovalScreen key={id} id={id} />;
}

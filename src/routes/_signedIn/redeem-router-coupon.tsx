import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { PlaceholderView } from '../../features/placeholder/placeholder.view';

const title = msg`Redeem a router coupon`;

export const Route = createFileRoute('/_signedIn/redeem-router-coupon')({
  beforeLoad: ({ context }) => refreshStaleUser(context, context.user),
  head: () => titleHead(i18n._(title)),
  component: RedeemRouterCouponPage,
});

function RedeemRouterCouponPage() {
  return <PlaceholderView title={i18n._(title)} />;
}

import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { searchText } from '../../app/search-text';
import { RouterCouponScreen } from '../../features/router-coupon/router-coupon.screen';

const title = msg`Redeem a router coupon`;

export const Route = createFileRoute('/_signedIn/redeem-router-coupon')({
  // A coupon link (`?coupon=…`) fills the code in; signing in first keeps it (login with redirect).
  validateSearch: v.object({ coupon: searchText }),
  beforeLoad: ({ context }) => refreshStaleUser(context, context.user),
  head: () => titleHead(i18n._(title)),
  component: RedeemRouterCouponPage,
});

function RedeemRouterCouponPage() {
  const { coupon } = Route.useSearch();
  return <RouterCouponScreen initialCode={coupon} />;
}

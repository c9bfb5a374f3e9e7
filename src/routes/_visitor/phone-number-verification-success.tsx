import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { redirectTargetFor } from '../../app/guards';
import { navigateTo } from '../../app/navigate';
import { titleHead } from '../../app/page-title';
import { searchText } from '../../app/search-text';
import { PhoneVerificationSuccessView } from '../../features/phone-verification-success/phone-verification-success.view';
import { config } from '../../lib/config';

const title = msg`Phone number verified`;

export const Route = createFileRoute('/_visitor/phone-number-verification-success')({
  validateSearch: v.object({ redirect: searchText }),
  head: () => titleHead(i18n._(title)),
  component: PhoneNumberVerificationSuccessPage,
});

function PhoneNumberVerificationSuccessPage() {
  const router = useRouter();
  const { redirect } = Route.useSearch();
  return (
    <PhoneVerificationSuccessView
      continueTarget={redirectTargetFor(redirect, { own: window.location.origin, orderSite: config.orderSiteOrigin })}
      onNavigate={(href) => void navigateTo(router, href)}
    />
  );
}

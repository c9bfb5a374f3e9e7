import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { E164 } from '../../../contract/phone';
import { redirectTargetFor } from '../../app/guards';
import { titleHead } from '../../app/page-title';
import { searchText } from '../../app/search-text';
import { PhoneVerificationScreen } from '../../features/phone-verification/phone-verification.screen';
import { config } from '../../lib/config';

const title = msg`Verify your phone number`;

export const Route = createFileRoute('/_signedIn/phone-number-verification')({
  // `phone` is the E.164 number the code went to; without a valid one the page asks for the number.
  validateSearch: v.object({ phone: v.fallback(v.optional(E164), undefined), redirect: searchText }),
  head: () => titleHead(i18n._(title)),
  component: PhoneNumberVerificationPage,
});

function PhoneNumberVerificationPage() {
  const { phone, redirect } = Route.useSearch();
  const { session } = Route.useRouteContext();
  return (
    <PhoneVerificationScreen
      phone={phone}
      redirect={redirect}
      continueTarget={redirectTargetFor(redirect, { own: window.location.origin, orderSite: config.orderSiteOrigin })}
      onVerified={(user) => session.send({ type: 'session.signedIn', user })}
    />
  );
}

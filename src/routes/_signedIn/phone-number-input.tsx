import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { redirectTargetFor } from '../../app/guards';
import { titleHead } from '../../app/page-title';
import { searchText } from '../../app/search-text';
import { PhoneVerificationScreen } from '../../features/phone-verification/phone-verification.screen';
import { config } from '../../lib/config';

const title = msg`Add a phone number`;

export const Route = createFileRoute('/_signedIn/phone-number-input')({
  // `redirect` (checked same-origin or the order site) is where "Skip for now" and the end of the flow lead.
  validateSearch: v.object({ redirect: searchText }),
  head: () => titleHead(i18n._(title)),
  component: PhoneNumberInputPage,
});

function PhoneNumberInputPage() {
  const { redirect } = Route.useSearch();
  const { session } = Route.useRouteContext();
  return (
    <PhoneVerificationScreen
      redirect={redirect}
      continueTarget={redirectTargetFor(redirect, { own: window.location.origin, orderSite: config.orderSiteOrigin })}
      onVerified={(user) => session.send({ type: 'session.signedIn', user })}
    />
  );
}

import { createFileRoute, useMatch } from '@tanstack/react-router';
import * as v from 'valibot';
import { redirectTargetFor } from '../../app/guards';
import { searchText } from '../../app/search-text';
import { PhoneVerificationScreen } from '../../features/phone-verification/phone-verification.screen';
import { config } from '../../lib/config';

/**
 * The pathless layout of /phone-number-input and /phone-number-verification: it renders the one
 * phone verification screen for both (and no outlet), so the screen and its actor stay as the
 * address moves from one to the other. The child routes only say which step the address names, and
 * give the page its title.
 */
export const Route = createFileRoute('/_signedIn/_phone')({
  // `redirect` (checked same-origin or the order site) is where "Skip for now" and the end of the flow lead.
  validateSearch: v.object({ redirect: searchText }),
  component: PhoneVerificationLayout,
});

function PhoneVerificationLayout() {
  const { redirect } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const phone = useMatch({
    from: '/_signedIn/_phone/phone-number-verification',
    shouldThrow: false,
    select: (match) => match.search.phone,
  });
  return (
    <PhoneVerificationScreen
      phone={phone}
      redirect={redirect}
      continueTarget={redirectTargetFor(redirect, { own: window.location.origin, orderSite: config.orderSiteOrigin })}
      onVerified={(user) => session.send({ type: 'session.signedIn', user })}
    />
  );
}

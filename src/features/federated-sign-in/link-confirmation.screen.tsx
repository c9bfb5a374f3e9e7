import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { SessionClaims } from '../../../contract/auth';
import { linkConfirmationMachine } from '../../../machines/linkConfirmation/linkConfirmation.machine';
import { redirectTargetFor } from '../../app/guards';
import { navigateTo } from '../../app/navigate';
import { config } from '../../lib/config';
import { confirmLink } from './federated-sign-in.actors';
import { LinkConfirmationView } from './link-confirmation.view';
import { secondStepSearchOf } from './second-step-search';

/** The mailed link's page: the owner consents, the sign-in is linked, and the person goes on signed in. */
export function LinkConfirmationScreen({
  token,
  onSignedIn,
}: {
  token: string;
  onSignedIn: (user: SessionClaims) => void;
}) {
  const router = useRouter();
  const actor = useActorRef(
    linkConfirmationMachine.provide({
      actors: { confirmLink },
      actions: {
        signedIn: (_, user) => onSignedIn(user),
        followRedirect: (_, redirect) => {
          const target = redirectTargetFor(redirect, {
            own: window.location.origin,
            orderSite: config.orderSiteOrigin,
          });
          if (target.kind === 'external') window.location.assign(target.href);
          else router.history.replace(target.href);
        },
        // The redirect the sign-in was started with waits on the server, with the sign-in.
        goToSecondFactor: ({ event }) =>
          void router.navigate({ to: '/auth/second-step', search: secondStepSearchOf(event), replace: true }),
      },
    }),
    { input: { token } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <LinkConfirmationView snapshot={snapshot} send={actor.send} onNavigate={(href) => void navigateTo(router, href)} />
  );
}

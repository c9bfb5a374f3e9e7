import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { federatedSignInMachine } from '../../../machines/federatedSignIn/federatedSignIn.machine';
import { providerSignInConfig } from '../../lib/sign-in-providers';
import { startCompanySignIn, startProviderSignIn } from './federated-sign-in.actors';
import { FederatedSignInView } from './federated-sign-in.view';

/** The sign-in page's provider buttons (loaded lazily: the page's entry stays within its budget). */
export function FederatedSignInScreen({ redirect }: { redirect?: string }) {
  const [providers] = useState(() => providerSignInConfig().signInProviders);
  const actor = useActorRef(
    federatedSignInMachine.provide({
      actors: { startProviderSignIn, startCompanySignIn },
      actions: {
        goToProvider: ({ context }) => {
          if (context.authorizationUrl) window.location.assign(context.authorizationUrl);
        },
      },
    }),
    { input: { redirect } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return <FederatedSignInView snapshot={snapshot} send={actor.send} providers={providers} />;
}

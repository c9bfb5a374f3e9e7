import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { SessionClaims } from '../../../contract/auth';
import type { CompleteSignInRequest } from '../../../contract/federated-sign-in';
import { signInCallbackMachine } from '../../../machines/signInCallback/signInCallback.machine';
import { redirectTargetFor, regionFromLocale } from '../../app/guards';
import { navigateTo } from '../../app/navigate';
import { config } from '../../lib/config';
import { providerSignInConfig } from '../../lib/sign-in-providers';
import { completeSignIn, linkWithPassword, lookUpRegion, mailLink } from './federated-sign-in.actors';
import { secondStepSearchOf } from './second-step-search';
import { SignInCallbackView } from './sign-in-callback.view';

/** The provider's name as the sign-in page shows it (Google, Microsoft, the company's name). */
function providerNameOf(provider: string): string {
  return providerSignInConfig().signInProviders.find((candidate) => candidate.id === provider)?.name ?? provider;
}

/** Where the provider sends the person back: the sign-in completes, then the phone offer or the redirect. */
export function SignInCallbackScreen({
  provider,
  answer,
  onSignedIn,
}: {
  provider: string;
  answer: CompleteSignInRequest;
  onSignedIn: (user: SessionClaims) => void;
}) {
  const router = useRouter();
  const targetOf = (redirect: string) =>
    redirectTargetFor(redirect, { own: window.location.origin, orderSite: config.orderSiteOrigin });
  const actor = useActorRef(
    signInCallbackMachine.provide({
      actors: { completeSignIn, linkWithPassword, mailLink, lookUpRegion },
      actions: {
        signedIn: (_, user) => onSignedIn(user),
        goToPhoneOffer: (_, redirect) => {
          void router.navigate({
            to: '/phone-number-input',
            search: { redirect: targetOf(redirect).href },
            replace: true,
          });
        },
        followRedirect: (_, redirect) => {
          const target = targetOf(redirect);
          if (target.kind === 'external') window.location.assign(target.href);
          else router.history.replace(target.href);
        },
        // The redirect the sign-in was started with waits on the server, with the sign-in.
        goToSecondFactor: ({ event }) =>
          void router.navigate({ to: '/auth/second-step', search: secondStepSearchOf(event), replace: true }),
      },
    }),
    {
      input: {
        provider,
        answer,
        browserRegion: regionFromLocale(navigator.languages),
        phoneVerificationRegions: config.phoneVerificationRegions,
        phoneOfferWanted: window.localStorage.getItem('flow') === 'phoneoffer',
      },
    },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <SignInCallbackView
      snapshot={snapshot}
      send={actor.send}
      providerName={providerNameOf(provider)}
      onNavigate={(href) => void navigateTo(router, href)}
    />
  );
}

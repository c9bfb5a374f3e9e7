import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { SecondFactorMethod } from '../../../contract/auth';
import type { SecondFactorSignedIn } from '../../../contract/second-factor';
import { secondFactorChallengeMachine } from '../../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { navigateTo } from '../../app/navigate';
import { answerSecondFactor, askForSecondFactorPasskey } from './second-factor-challenge.actors';
import { SecondFactorChallengeView } from './second-factor-challenge.view';

/** The second step of a sign-in: the answer is checked, then the route starts the session and leaves. */
export function SecondFactorChallengeScreen({
  signInHref,
  methods,
  onSignedIn,
}: {
  /** The sign-in page, keeping where the sign-in leads. */
  signInHref: string;
  /** The ways the account can answer, as the sign-in's answer listed them (a passkey is offered only there). */
  methods?: readonly SecondFactorMethod[];
  onSignedIn: (signedIn: SecondFactorSignedIn) => void;
}) {
  const router = useRouter();
  const actor = useActorRef(
    secondFactorChallengeMachine.provide({
      actors: { answerSecondFactor, askForPasskey: askForSecondFactorPasskey },
      actions: { completeSignIn: (_, signedIn) => onSignedIn(signedIn) },
    }),
    { input: { methods } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <SecondFactorChallengeView
      snapshot={snapshot}
      send={actor.send}
      signInHref={signInHref}
      onNavigate={(href) => void navigateTo(router, href)}
    />
  );
}

import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { SessionClaims } from '../../../contract/auth';
import { signInMachine } from '../../../machines/signIn/signIn.machine';
import { textLink } from '../../components/ui/link';
import { signInWithPassword } from './sign-in.actors';
import { SignInView } from './sign-in.view';

export function SignInScreen({
  loginHint,
  onSignedIn,
}: {
  loginHint?: string;
  onSignedIn: (user: SessionClaims) => void;
}) {
  const actor = useActorRef(
    signInMachine.provide({
      actors: { signIn: signInWithPassword },
      actions: { completeSignIn: (_, user) => onSignedIn(user) },
    }),
    { input: { email: loginHint } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <SignInView
      snapshot={snapshot}
      send={actor.send}
      forgotPasswordLink={
        <Link to="/password/forgot" search={{ email: snapshot.context.email.trim() || undefined }} className={textLink}>
          <Trans>Forgot password?</Trans>
        </Link>
      }
      createAccountLink={
        <Link to="/create" className={textLink}>
          <Trans>Create account</Trans>
        </Link>
      }
    />
  );
}

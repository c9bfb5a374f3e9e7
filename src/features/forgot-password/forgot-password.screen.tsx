import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { forgotPasswordMachine } from '../../../machines/forgotPassword/forgotPassword.machine';
import { config } from '../../lib/config';
import { textLink } from '../../theme/recipes/link';
import { requestPasswordReset } from './forgot-password.actors';
import { ForgotPasswordView } from './forgot-password.view';

export function ForgotPasswordScreen({ email }: { email?: string }) {
  const actor = useActorRef(forgotPasswordMachine.provide({ actors: { requestPasswordReset } }), {
    input: { email },
  });
  const snapshot = useSelector(actor, (state) => state);
  return (
    <ForgotPasswordView
      snapshot={snapshot}
      send={actor.send}
      supportEmail={config.supportEmail}
      signInLink={
        <Link to="/login" className={textLink}>
          <Trans>Back to sign in</Trans>
        </Link>
      }
    />
  );
}

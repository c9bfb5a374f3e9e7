import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { resetPasswordMachine } from '../../../machines/resetPassword/resetPassword.machine';
import { textLink } from '../../components/ui/link';
import { notify } from '../../lib/notify';
import { checkResetToken, resetPassword } from './reset-password.actors';
import { ResetPasswordView } from './reset-password.view';

export function ResetPasswordScreen({ token }: { token: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const actor = useActorRef(
    resetPasswordMachine.provide({
      actors: { checkResetToken, resetPassword },
      actions: {
        completeReset: () => {
          notify({ tone: 'success', title: t`Password Changed` });
          void navigate({ to: '/login', replace: true });
        },
      },
    }),
    { input: { token } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <ResetPasswordView
      snapshot={snapshot}
      send={actor.send}
      forgotPasswordLink={
        <Link to="/password/forgot" className={textLink}>
          <Trans>Request a new reset link</Trans>
        </Link>
      }
    />
  );
}

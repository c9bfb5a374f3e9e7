import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { resetPasswordMachine } from '../../../machines/resetPassword/resetPassword.machine';
import { notify } from '../../lib/notify';
import { providerSignInConfig } from '../../lib/sign-in-providers';
import { textLink } from '../../theme/recipes/link';
import { checkResetToken, resetPassword } from './reset-password.actors';
import { signInsRemovedMessage } from './reset-password.messages';
import { ResetPasswordView } from './reset-password.view';

export function ResetPasswordScreen({ token }: { token: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [signInProviders] = useState(() => providerSignInConfig().signInProviders);
  const actor = useActorRef(
    resetPasswordMachine.provide({
      actors: { checkResetToken, resetPassword },
      actions: {
        completeReset: ({ context }) => {
          notify({
            tone: 'success',
            title: t`Password Changed`,
            description: context.unlinkSignIns ? t(signInsRemovedMessage(context.linkedProviders.length)) : undefined,
          });
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
      signInProviders={signInProviders}
      forgotPasswordLink={
        <Link to="/password/forgot" className={textLink}>
          <Trans>Request a new reset link</Trans>
        </Link>
      }
    />
  );
}

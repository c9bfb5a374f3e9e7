import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { changePasswordMachine } from '../../../machines/changePassword/changePassword.machine';
import { notify } from '../../lib/notify';
import { changePassword } from './change-password.actors';
import { ChangePasswordView } from './change-password.view';

export function ChangePasswordScreen() {
  const { t } = useLingui();
  const actor = useActorRef(
    changePasswordMachine.provide({
      actors: { changePassword },
      actions: { notifyPasswordChanged: () => notify({ tone: 'success', title: t`Password Changed` }) },
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  return <ChangePasswordView snapshot={snapshot} send={actor.send} />;
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  ChangePasswordEvent,
  changePasswordMachine,
} from '../../../machines/changePassword/changePassword.machine';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { fieldErrorText } from '../../lib/validation-messages';
import { failureMessages } from './change-password.messages';

export type ChangePasswordViewProps = {
  snapshot: Pick<SnapshotFrom<typeof changePasswordMachine>, 'context' | 'hasTag'>;
  send: (event: ChangePasswordEvent) => void;
};

/** The dashboard's "Change password" card: the current password, then the new one twice. */
export function ChangePasswordView({ snapshot, send }: ChangePasswordViewProps) {
  const { t, i18n } = useLingui();
  const { currentPassword, newPassword, repeatPassword, fieldErrors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const fieldError = (key: string | undefined) => fieldErrorText(i18n, key);

  return (
    <Card
      id="change-password"
      titleId="change-password-title"
      titleAs="h3"
      title={<Trans>Change password</Trans>}
      className={css({ maxWidth: '32rem', width: '100%' })}
    >
      <form
        noValidate
        className={stack({ gap: '4' })}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submit' });
        }}
      >
        {failure ? <Alert>{i18n._(failureMessages[failure])}</Alert> : null}
        <TextField
          label={t`Current password`}
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={currentPassword}
          disabled={busy}
          errorText={fieldError(fieldErrors.currentPassword)}
          onValueChange={(value) => send({ type: 'user.changeCurrentPassword', value })}
        />
        <NewPasswordFields
          labels={{ password: t`New password`, repeat: t`Repeat new password` }}
          password={newPassword}
          repeatPassword={repeatPassword}
          errors={{ password: fieldError(fieldErrors.newPassword), repeat: fieldError(fieldErrors.repeatPassword) }}
          disabled={busy}
          onPasswordChange={(value) => send({ type: 'user.changeNewPassword', value })}
          onRepeatChange={(value) => send({ type: 'user.changeRepeatPassword', value })}
        />
        <div>
          <Button type="submit" aria-busy={busy} disabled={busy}>
            {busy ? <Trans>Changing password…</Trans> : <Trans>Change password</Trans>}
          </Button>
        </div>
      </form>
    </Card>
  );
}

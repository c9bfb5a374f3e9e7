import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ResetPasswordEvent, resetPasswordMachine } from '../../../machines/resetPassword/resetPassword.machine';
import { css } from '../../../styled-system/css';
import { AuthPage, authPanel as panel } from '../../components/auth-page';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { fieldErrorText } from '../../lib/validation-messages';
import { failureMessages } from './reset-password.messages';

export type ResetPasswordViewProps = {
  snapshot: Pick<SnapshotFrom<typeof resetPasswordMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: ResetPasswordEvent) => void;
  /** A router link to ask for a new reset link, rendered by the screen so the view needs no router. */
  forgotPasswordLink: ReactNode;
};

/** Reset password (spec section 2): a new password, reached from an e-mailed link. */
export function ResetPasswordView({ snapshot, send, forgotPasswordLink }: ResetPasswordViewProps) {
  const { t, i18n } = useLingui();
  const { password, repeatPassword, fieldErrors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const fieldError = (key: string | undefined) => fieldErrorText(i18n, key);

  function body() {
    if (snapshot.matches('checkingLink'))
      return (
        <p role="status" className={css({ color: 'fg.muted' })}>
          <Trans>Checking your link…</Trans>
        </p>
      );
    if (snapshot.matches('checkFailed'))
      return (
        <div className={panel}>
          <Alert>
            <Trans>We could not check your link right now.</Trans>
          </Alert>
          <Button variant="outline" onClick={() => send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      );
    if (snapshot.matches('invalidLink'))
      return (
        <div className={panel}>
          <Alert>{i18n._(failureMessages.invalidLink)}</Alert>
          <p>{forgotPasswordLink}</p>
        </div>
      );
    if (snapshot.matches('done'))
      return (
        <p role="status">
          <Trans>Password Changed</Trans>
        </p>
      );
    return (
      <form
        noValidate
        aria-labelledby="reset-password-title"
        className={panel}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submit' });
        }}
      >
        {failure ? <Alert>{i18n._(failureMessages[failure])}</Alert> : null}
        <NewPasswordFields
          labels={{ password: t`New password`, repeat: t`Repeat new password` }}
          password={password}
          repeatPassword={repeatPassword}
          errors={{ password: fieldError(fieldErrors.password), repeat: fieldError(fieldErrors.repeatPassword) }}
          disabled={busy}
          onPasswordChange={(value) => send({ type: 'user.changePassword', value })}
          onRepeatChange={(value) => send({ type: 'user.changeRepeatPassword', value })}
        />
        <Button type="submit" width="full" aria-busy={busy} disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Set new password</Trans>}
        </Button>
        <p>{forgotPasswordLink}</p>
      </form>
    );
  }

  return (
    <AuthPage titleId="reset-password-title" title={<Trans>Reset your password</Trans>}>
      {body()}
    </AuthPage>
  );
}

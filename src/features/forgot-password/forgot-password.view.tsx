import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type {
  ForgotPasswordEvent,
  forgotPasswordMachine,
} from '../../../machines/forgotPassword/forgotPassword.machine';
import { stack } from '../../../styled-system/patterns';
import { AuthPage, authPanel as panel } from '../../components/auth-page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/email-field';
import { Text } from '../../components/ui/text';
import { fieldErrorText } from '../../lib/validation-messages';
import { textLink } from '../../theme/recipes/link';
import { failureMessages, resetRequestedMessage } from './forgot-password.messages';

export type ForgotPasswordViewProps = {
  snapshot: Pick<SnapshotFrom<typeof forgotPasswordMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: ForgotPasswordEvent) => void;
  /** Where to write when sending fails (the runtime configuration's support address). */
  supportEmail: string;
  /** A router link back to sign in, rendered by the screen so the view needs no router. */
  signInLink: ReactNode;
};

/** Forgot password (docs/spec.md §2): an e-mail address, then the same neutral answer for everyone. */
export function ForgotPasswordView({ snapshot, send, supportEmail, signInLink }: ForgotPasswordViewProps) {
  const { t, i18n } = useLingui();
  const { email, fieldErrors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');

  return (
    <AuthPage titleId="forgot-password-title" title={<Trans>Forgot password</Trans>}>
      {snapshot.matches('sent') ? (
        <div className={panel}>
          <Alert tone="success">{i18n._(resetRequestedMessage)}</Alert>
          <p>{signInLink}</p>
        </div>
      ) : (
        <form
          noValidate
          aria-labelledby="forgot-password-title"
          className={panel}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.submit' });
          }}
        >
          <Text tone="muted">
            <Trans>
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Trans>
          </Text>
          {failure ? (
            <Alert>
              <span className={stack({ gap: '1' })}>
                <span>{i18n._(failureMessages[failure])}</span>
                <span>
                  <Trans>
                    Support:{' '}
                    <a href={`mailto:${supportEmail}`} className={textLink}>
                      <bdi>{supportEmail}</bdi>
                    </a>
                  </Trans>
                </span>
              </span>
            </Alert>
          ) : null}
          <EmailField
            label={t`E-Mail`}
            value={email}
            disabled={busy}
            errorText={fieldErrorText(i18n, fieldErrors.email)}
            onValueChange={(value) => send({ type: 'user.changeEmail', value })}
          />
          <Button type="submit" width="full" aria-busy={busy} disabled={busy}>
            {busy ? <Trans>Sending…</Trans> : <Trans>Send reset link</Trans>}
          </Button>
          <p>{signInLink}</p>
        </form>
      )}
    </AuthPage>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SignUpEvent, signUpMachine } from '../../../machines/signUp/signUp.machine';
import { stack } from '../../../styled-system/patterns';
import { AuthPage, authPanel as panel } from '../../components/auth-page';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/email-field';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { formatCountdown } from '../../lib/format/dates';
import { fieldErrorText } from '../../lib/validation-messages';
import { failureMessages, fieldErrorMessages } from './sign-up.messages';

type SignUpSnapshot = Pick<SnapshotFrom<typeof signUpMachine>, 'context' | 'hasTag' | 'matches'>;

export type SignUpViewProps = {
  snapshot: SignUpSnapshot;
  send: (event: SignUpEvent) => void;
  /**
   * The bot-check widget, rendered by the screen (it talks to the provider, not the view): on the
   * e-mail step for a pending account, on the code step for a new code.
   */
  botCheck: ReactNode;
  /** Router links, rendered by the screen, so the view needs no router. */
  signInLink: ReactNode;
  /** The "back to the app" button of the last step. */
  backToAppLink: ReactNode;
};

function useMessages(snapshot: SignUpSnapshot) {
  const { i18n } = useLingui();
  const { fieldErrors, failure } = snapshot.context;
  return {
    fieldError: (field: keyof typeof fieldErrors) => fieldErrorText(i18n, fieldErrors[field], fieldErrorMessages),
    failure: failure ? <Alert>{i18n._(failureMessages[failure])}</Alert> : null,
  };
}

/** The check (when this deployment has one), with the message when it was not done. */
function BotCheckField({ snapshot, botCheck }: Pick<SignUpViewProps, 'snapshot' | 'botCheck'>) {
  const { fieldError } = useMessages(snapshot);
  if (!snapshot.context.botCheckRequired) return null;
  const error = fieldError('botCheck');
  return (
    <div className={stack({ gap: '1.5' })}>
      {botCheck}
      {error ? (
        <Text tone="danger" size="sm">
          {error}
        </Text>
      ) : null}
    </div>
  );
}

/** While a request is checked (docs/spec.md §4). */
function Waiting() {
  return (
    <Text role="status" tone="muted">
      <Trans>Please wait while we check your request…</Trans>
    </Text>
  );
}

function CreateAccountStep({ snapshot, send, botCheck, signInLink }: SignUpViewProps) {
  const { t } = useLingui();
  const { fieldError, failure } = useMessages(snapshot);
  const { email, repeatEmail } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <AuthPage titleId="sign-up-title" title={<Trans>Create an account</Trans>}>
      <form
        noValidate
        aria-labelledby="sign-up-title"
        className={panel}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submitDetails' });
        }}
      >
        {failure}
        <EmailField
          label={t`E-Mail`}
          value={email}
          disabled={busy}
          errorText={fieldError('email')}
          onValueChange={(value) => send({ type: 'user.changeEmail', value })}
        />
        <EmailField
          label={t`Repeat e-mail`}
          name="repeat-email"
          value={repeatEmail}
          disabled={busy}
          errorText={fieldError('repeatEmail')}
          onValueChange={(value) => send({ type: 'user.changeRepeatEmail', value })}
        />
        <BotCheckField snapshot={snapshot} botCheck={botCheck} />
        <Button type="submit" width="full" aria-busy={busy} disabled={busy}>
          <Trans>Continue</Trans>
        </Button>
        {busy ? <Waiting /> : null}
        <Text tone="muted">
          <Trans>Already have an account?</Trans> {signInLink}
        </Text>
      </form>
    </AuthPage>
  );
}

function VerifyEmailStep({ snapshot, send, botCheck }: SignUpViewProps) {
  const { t, i18n } = useLingui();
  const { fieldError, failure } = useMessages(snapshot);
  const { email, code, codeSecondsLeft, canResend, codeResent } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const needsNewCode = snapshot.matches({ verifying: 'needsNewCode' });
  const address = <bdi dir="ltr">{email}</bdi>;
  const timeLeft = codeSecondsLeft === null ? null : formatCountdown(codeSecondsLeft, i18n.locale);
  return (
    <AuthPage titleId="verify-email-title" title={<Trans>Verify your e-mail</Trans>}>
      <form
        noValidate
        aria-labelledby="verify-email-title"
        className={panel}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submitCode' });
        }}
      >
        <p>
          <Trans>We sent a 6-digit code to {address}.</Trans>
        </p>
        {codeResent ? (
          <Alert tone="success">
            <Trans>A new verification code has been sent to your email!</Trans>
          </Alert>
        ) : null}
        {failure}
        {needsNewCode ? null : (
          <>
            <TextField
              label={t`Verification code`}
              name="verification-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              dir="ltr"
              value={code}
              disabled={busy}
              errorText={fieldError('code')}
              onValueChange={(value) => send({ type: 'user.changeCode', value })}
            />
            {timeLeft !== null && codeSecondsLeft !== 0 ? (
              <Text tone="muted">
                <Trans>The code works for another {timeLeft}.</Trans>
              </Text>
            ) : null}
            <Button type="submit" width="full" aria-busy={busy} disabled={busy}>
              <Trans>Verify</Trans>
            </Button>
          </>
        )}
        {busy ? <Waiting /> : null}
        <div className={stack({ gap: '2' })}>
          {/* A new code needs the check answered too; it solves itself once a new code is offered. */}
          <BotCheckField snapshot={snapshot} botCheck={botCheck} />
          {needsNewCode ? (
            <Button type="button" width="full" disabled={busy} onClick={() => send({ type: 'user.resendCode' })}>
              <Trans>Send a new code</Trans>
            </Button>
          ) : (
            <>
              <div>
                <Button
                  variant="link"
                  disabled={busy || !canResend}
                  aria-describedby={canResend ? undefined : 'resend-hint'}
                  onClick={() => send({ type: 'user.resendCode' })}
                >
                  <Trans>Send a new code</Trans>
                </Button>
              </div>
              {canResend ? null : (
                <Text id="resend-hint" tone="muted" size="sm">
                  <Trans>You can ask for a new code 30 seconds after the last one.</Trans>
                </Text>
              )}
            </>
          )}
          <div>
            <Button variant="link" disabled={busy} onClick={() => send({ type: 'user.startOver' })}>
              <Trans>Sign up again with another address</Trans>
            </Button>
          </div>
        </div>
      </form>
    </AuthPage>
  );
}

function FinalizeAccountStep({ snapshot, send }: SignUpViewProps) {
  const { t } = useLingui();
  const { fieldError, failure } = useMessages(snapshot);
  const { email, password, repeatPassword } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <AuthPage titleId="finalize-title" title={<Trans>Choose a password</Trans>}>
      <form
        noValidate
        aria-labelledby="finalize-title"
        className={panel}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submitPassword' });
        }}
      >
        {failure}
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields
          labels={{ password: t`Password`, repeat: t`Repeat password` }}
          password={password}
          repeatPassword={repeatPassword}
          errors={{ password: fieldError('password'), repeat: fieldError('repeatPassword') }}
          disabled={busy}
          onPasswordChange={(value) => send({ type: 'user.changePassword', value })}
          onRepeatChange={(value) => send({ type: 'user.changeRepeatPassword', value })}
        />
        <Button type="submit" width="full" aria-busy={busy} disabled={busy}>
          <Trans>Create account</Trans>
        </Button>
        {busy ? <Waiting /> : null}
      </form>
    </AuthPage>
  );
}

function AccountVerifiedStep({ backToAppLink }: SignUpViewProps) {
  return (
    <AuthPage titleId="verified-title" title={<Trans>Account verified</Trans>}>
      <section aria-labelledby="verified-title" className={panel}>
        <p>
          <Trans>Your account is ready. Sign in with your e-mail address and your new password.</Trans>
        </p>
        {backToAppLink}
      </section>
    </AuthPage>
  );
}

/** Sign-up, one step per route (docs/spec.md §2): /create, /verify-email, /finalize, then done. */
export function SignUpView(props: SignUpViewProps) {
  const { snapshot } = props;
  return snapshot.matches('verified') ? (
    <AccountVerifiedStep {...props} />
  ) : snapshot.matches('choosingPassword') || snapshot.matches('finalizing') ? (
    <FinalizeAccountStep {...props} />
  ) : snapshot.matches('verifying') ? (
    <VerifyEmailStep {...props} />
  ) : (
    <CreateAccountStep {...props} />
  );
}

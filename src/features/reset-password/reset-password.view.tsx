import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ProviderId, SignInProvider } from '../../../contract/federated-sign-in';
import type { ResetPasswordEvent, resetPasswordMachine } from '../../../machines/resetPassword/resetPassword.machine';
import { stack } from '../../../styled-system/patterns';
import { AuthPage, authPanel as panel } from '../../components/auth-page';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { fieldErrorText } from '../../lib/validation-messages';
import { choiceGroup } from '../../theme/recipes/choice-group';
import { text } from '../../theme/recipes/text';
import { failureMessages, signInsRemovedMessage } from './reset-password.messages';

export type ResetPasswordViewProps = {
  snapshot: Pick<SnapshotFrom<typeof resetPasswordMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: ResetPasswordEvent) => void;
  /** A router link to ask for a new reset link, rendered by the screen so the view needs no router. */
  forgotPasswordLink: ReactNode;
  /** The configured providers, for their names; a provider no longer configured shows its id. */
  signInProviders: readonly SignInProvider[];
};

/** "Google and Microsoft" in the reader's language, each name isolated so it reads right in RTL text. */
function ProviderList({
  ids,
  providers,
  locale,
}: {
  ids: ProviderId[];
  providers: readonly SignInProvider[];
  locale: string;
}) {
  const names = ids.map((id) => providers.find((provider) => provider.id === id)?.name ?? id);
  const parts = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).formatToParts(names);
  return <>{parts.map((part) => (part.type === 'element' ? <bdi key={part.value}>{part.value}</bdi> : part.value))}</>;
}

const unlinkChoice = choiceGroup();

/** Reset password (docs/spec.md §2): a new password, reached from an e-mailed link. */
export function ResetPasswordView({ snapshot, send, forgotPasswordLink, signInProviders }: ResetPasswordViewProps) {
  const { t, i18n } = useLingui();
  const { password, repeatPassword, fieldErrors, failure, linkedProviders, unlinkSignIns } = snapshot.context;
  const unlinkId = useId();
  const busy = snapshot.hasTag('busy');
  const fieldError = (key: string | undefined) => fieldErrorText(i18n, key);

  function body() {
    if (snapshot.matches('checkingLink'))
      return (
        <Text role="status" tone="muted">
          <Trans>Checking your link…</Trans>
        </Text>
      );
    if (snapshot.matches('checkFailed'))
      return (
        <div className={panel}>
          <Alert onRetry={() => send({ type: 'user.retry' })}>
            <Trans>We could not check your link right now.</Trans>
          </Alert>
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
        <div role="status" className={stack({ gap: '2' })}>
          <p>
            <Trans>Password Changed</Trans>
          </p>
          {unlinkSignIns ? <p>{i18n._(signInsRemovedMessage(linkedProviders.length))}</p> : null}
        </div>
      );
    const providerList = <ProviderList ids={linkedProviders} providers={signInProviders} locale={i18n.locale} />;
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
        {linkedProviders.length > 0 ? (
          <div className={unlinkChoice.item}>
            <input
              id={unlinkId}
              type="checkbox"
              checked={unlinkSignIns}
              disabled={busy}
              aria-describedby={`${unlinkId}-hint`}
              onChange={() => send({ type: 'user.toggleUnlinkSignIns' })}
              className={unlinkChoice.control}
            />
            <div className={stack({ gap: '1' })}>
              <label htmlFor={unlinkId} className={text({ weight: 'medium' })}>
                <Plural
                  value={linkedProviders.length}
                  one="Also remove the sign-in linked to your account:"
                  other="Also remove the sign-ins linked to your account:"
                />{' '}
                {providerList}
              </label>
              <Text id={`${unlinkId}-hint`} tone="muted" size="sm">
                <Plural
                  value={linkedProviders.length}
                  one="Do this if you did not link it yourself: nobody can then sign in with it."
                  other="Do this if you did not link them yourself: nobody can then sign in with them."
                />
              </Text>
            </div>
          </div>
        ) : null}
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

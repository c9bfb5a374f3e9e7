import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  SignInCallbackEvent,
  signInCallbackMachine,
} from '../../../machines/signInCallback/signInCallback.machine';
import { unexplained } from '../../../machines/support/refusal';
import { stack } from '../../../styled-system/patterns';
import { AuthPage, authPanel } from '../../components/auth-page';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { refusalText } from '../../lib/contract-messages';
import { textLink } from '../../theme/recipes/link';
import { text } from '../../theme/recipes/text';
import '../../lib/refusals/federated-sign-in';
import { linkMailSent, linkUnavailable, signInUnavailable } from './federated-sign-in.messages';

export type SignInCallbackViewProps = {
  snapshot: Pick<SnapshotFrom<typeof signInCallbackMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: SignInCallbackEvent) => void;
  /** The provider's name as the sign-in page shows it (Google, Microsoft, the company's name). */
  providerName: string;
  onNavigate: Navigate;
};

/** `/auth/callback/{provider}`: the sign-in completing, the owner's consent to a link, or why it did not. */
export function SignInCallbackView({ snapshot, send, providerName, onNavigate }: SignInCallbackViewProps) {
  const { i18n } = useLingui();
  const failure = snapshot.context.failure ?? unexplained;
  const refused = snapshot.hasTag('error');
  const backToSignIn = (
    <InternalLink href="/login" onNavigate={onNavigate} className={textLink}>
      <Trans>Back to sign in</Trans>
    </InternalLink>
  );

  if (snapshot.matches('linking')) {
    return (
      <AuthPage titleId="sign-in-callback-title" title={<Trans>Link your {providerName} sign-in</Trans>}>
        <LinkConsent snapshot={snapshot} send={send} providerName={providerName} />
        {backToSignIn}
      </AuthPage>
    );
  }

  return (
    <AuthPage titleId="sign-in-callback-title" title={<Trans>Signing in</Trans>}>
      <div className={authPanel} aria-busy={!refused}>
        {refused ? (
          <>
            <Alert>{refusalText(i18n, failure, { unavailable: signInUnavailable })}</Alert>
            {backToSignIn}
          </>
        ) : (
          <Text role="status" tone="muted">
            <Trans>Signing you in…</Trans>
          </Text>
        )}
      </div>
    </AuthPage>
  );
}

/**
 * The owner's consent to linking the provider's sign-in to the account with its address: the
 * account's password, or a link mailed to the address (the only way when the account has none).
 */
function LinkConsent({ snapshot, send, providerName }: Omit<SignInCallbackViewProps, 'onNavigate'>) {
  const { t, i18n } = useLingui();
  const { link, password, linkFailure } = snapshot.context;
  const email = link?.email ?? '';
  const passwordSet = link?.passwordSet === true;
  const checking = snapshot.matches({ linking: 'checkingPassword' });
  const mailing = snapshot.matches({ linking: 'mailingLink' });
  const mailed = snapshot.matches({ linking: 'linkMailed' });
  const busy = snapshot.hasTag('busy');
  const mailButton = (
    <Button
      type="button"
      variant={passwordSet ? 'outline' : 'solid'}
      aria-busy={mailing}
      disabled={busy}
      onClick={() => send({ type: 'user.mailLink' })}
    >
      {mailing ? (
        <Trans>Sending…</Trans>
      ) : mailed ? (
        <Trans>Send another link</Trans>
      ) : passwordSet ? (
        <Trans>E-mail me a link instead</Trans>
      ) : (
        <Trans>E-mail me a link</Trans>
      )}
    </Button>
  );

  return (
    <div className={authPanel}>
      <p>
        <Trans>
          You already have an account with the address <bdi className={text({ weight: 'semibold' })}>{email}</bdi>. To
          sign in to it with {providerName} from now on, confirm that it is yours.
        </Trans>
      </p>
      {linkFailure ? <Alert>{refusalText(i18n, linkFailure, { unavailable: linkUnavailable })}</Alert> : null}
      {mailed ? (
        <p role="status">{i18n._(linkMailSent)}</p>
      ) : passwordSet ? (
        <form
          noValidate
          className={stack({ gap: '4' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.linkWithPassword' });
          }}
        >
          {/* The address as a username field, so a password manager offers the right password. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField
            label={t`Password of your account`}
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            disabled={busy}
            onValueChange={(value) => send({ type: 'user.changePassword', value })}
          />
          <Button type="submit" aria-busy={checking} disabled={busy || password.length === 0}>
            {checking ? <Trans>Linking…</Trans> : <Trans>Link and sign in</Trans>}
          </Button>
        </form>
      ) : (
        <Text tone="muted">
          <Trans>Your account has no password, so we confirm by e-mail: open the link we send to the address.</Trans>
        </Text>
      )}
      {mailButton}
    </div>
  );
}

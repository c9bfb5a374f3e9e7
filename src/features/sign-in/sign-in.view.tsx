import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SignInEvent, signInMachine } from '../../../machines/signIn/signIn.machine';
import { stack, wrap } from '../../../styled-system/patterns';
import { AuthPage, authPanel as panel } from '../../components/auth-page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/email-field';
import { Heading, Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { fieldErrorText } from '../../lib/validation-messages';
import { subsection } from '../../theme/recipes/subsection';
import { failureMessages, passkeyFailureMessages } from './sign-in.messages';

export type SignInViewProps = {
  snapshot: Pick<SnapshotFrom<typeof signInMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: SignInEvent) => void;
  /** Links rendered by the screen (router links), so the view needs no router. */
  forgotPasswordLink: ReactNode;
  createAccountLink: ReactNode;
  /** The QR code to sign in from another device, loaded lazily by the screen; absent when turned off. */
  qrSignIn?: ReactNode;
  /** The configured providers' buttons and the company account, loaded lazily by the screen. */
  providerSignIn?: ReactNode;
  /** Whether this browser can sign in with a passkey: the button is offered only then. */
  passkeysSupported?: boolean;
};

/** The sign-in screen (docs/spec.md §2): e-mail and password, and the other ways in. */
export function SignInView({
  snapshot,
  send,
  forgotPasswordLink,
  createAccountLink,
  qrSignIn,
  providerSignIn,
  passkeysSupported = false,
}: SignInViewProps) {
  const { t, i18n } = useLingui();
  const { email, password, fieldErrors, failure, passkeyFailure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const withPasskey = snapshot.matches('passkey');
  const fieldError = (key: string | undefined) => fieldErrorText(i18n, key);
  const passkeyButtonRef = useRef<HTMLButtonElement>(null);
  const wasWithPasskey = useRef(withPasskey);
  // The button is disabled while the browser's dialog is open: the focus goes back to it afterwards.
  useEffect(() => {
    if (wasWithPasskey.current && !withPasskey) passkeyButtonRef.current?.focus();
    wasWithPasskey.current = withPasskey;
  }, [withPasskey]);

  return (
    <AuthPage titleId="sign-in-title" title={<Trans>Sign in</Trans>}>
      <form
        noValidate
        aria-labelledby="sign-in-title"
        className={panel}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submit' });
        }}
      >
        {failure ? <Alert>{i18n._(failureMessages[failure])}</Alert> : null}
        <EmailField
          label={t`E-Mail`}
          // `webauthn`: the browser offers its passkeys of this site among the field's suggestions.
          autoComplete="username webauthn"
          value={email}
          disabled={busy}
          errorText={fieldError(fieldErrors.email)}
          onValueChange={(value) => send({ type: 'user.changeEmail', value })}
        />
        <TextField
          label={t`Password`}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          disabled={busy}
          errorText={fieldError(fieldErrors.password)}
          onValueChange={(value) => send({ type: 'user.changePassword', value })}
        />
        <Button type="submit" width="full" aria-busy={busy && !withPasskey} disabled={busy}>
          {busy && !withPasskey ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </Button>
        <div className={wrap({ gap: '2', justify: 'space-between' })}>
          {forgotPasswordLink}
          {createAccountLink}
        </div>
      </form>

      <section aria-labelledby="other-ways" className={panel}>
        <Heading as="h2" id="other-ways" level="section">
          <Trans>Other ways to sign in</Trans>
        </Heading>
        {passkeysSupported ? (
          <div className={stack({ gap: '2' })}>
            <Button
              ref={passkeyButtonRef}
              variant="outline"
              width="full"
              aria-busy={withPasskey}
              disabled={busy}
              onClick={() => send({ type: 'user.signInWithPasskey' })}
            >
              {withPasskey ? <Trans>Signing in with a passkey…</Trans> : <Trans>Sign in with a passkey</Trans>}
            </Button>
            {passkeyFailure ? <Alert>{i18n._(passkeyFailureMessages[passkeyFailure])}</Alert> : null}
          </div>
        ) : null}
        {providerSignIn}
        {qrSignIn ? (
          <section aria-labelledby="qr-sign-in" className={subsection}>
            <Heading as="h3" id="qr-sign-in" level="subsection">
              <Trans>Sign in from another device</Trans>
            </Heading>
            <Text tone="muted">
              <Trans>Scan a QR code with a device where you are already signed in.</Trans>
            </Text>
            {qrSignIn}
          </section>
        ) : null}
      </section>
    </AuthPage>
  );
}

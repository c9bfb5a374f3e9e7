import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SignInEvent, signInMachine } from '../../../machines/signIn/signIn.machine';
import { css } from '../../../styled-system/css';
import { AuthPage, authPanel as panel } from '../../components/auth-page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/email-field';
import { TextField } from '../../components/ui/text-field';
import { fieldErrorText } from '../../lib/validation-messages';
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

const stack = css({ display: 'flex', flexDirection: 'column', gap: '2' });

/** The sign-in screen (spec section 2): e-mail and password, and the other ways in. */
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
        <div className={css({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: '2' })}>
          {forgotPasswordLink}
          {createAccountLink}
        </div>
      </form>

      <section aria-labelledby="other-ways" className={panel}>
        <h2 id="other-ways" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          <Trans>Other ways to sign in</Trans>
        </h2>
        {passkeysSupported ? (
          <div className={stack}>
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
          <section
            aria-labelledby="qr-sign-in"
            className={css({
              borderTopWidth: '1px',
              borderColor: 'border',
              paddingTop: '4',
              display: 'grid',
              gap: '2',
            })}
          >
            <h3 id="qr-sign-in" className={css({ fontWeight: 'semibold' })}>
              <Trans>Sign in from another device</Trans>
            </h3>
            <p className={css({ color: 'fg.muted' })}>
              <Trans>Scan a QR code with a device where you are already signed in.</Trans>
            </p>
            {qrSignIn}
          </section>
        ) : null}
      </section>
    </AuthPage>
  );
}

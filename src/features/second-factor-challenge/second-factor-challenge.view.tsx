import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type {
  SecondFactorChallengeEvent,
  secondFactorChallengeMachine,
} from '../../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { stack } from '../../../styled-system/patterns';
import { AuthPage, authPanel } from '../../components/auth-page';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { RateLimitedAlert } from '../../components/ui/rate-limited-alert';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText } from '../../lib/contract-messages';
import '../../lib/refusals/second-factor';
import { textLink } from '../../theme/recipes/link';
import {
  challengeExpired,
  challengeUnavailable,
  passkeyNotRecognised,
  passkeyUnavailable,
} from './second-factor-challenge.messages';

export type SecondFactorChallengeViewProps = {
  snapshot: Pick<SnapshotFrom<typeof secondFactorChallengeMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: SecondFactorChallengeEvent) => void;
  /** The sign-in page, keeping where the sign-in leads. */
  signInHref: string;
  onNavigate: Navigate;
};

/**
 * `/auth/second-step`: one of the account's passkeys (first, where it has one), the code from the
 * authenticator app, or a recovery code instead, that completes a sign-in whose password (or
 * provider) was right.
 */
export function SecondFactorChallengeView({ snapshot, send, signInHref, onNavigate }: SecondFactorChallengeViewProps) {
  const { t, i18n } = useLingui();
  const { method, code, codeError, wrongAnswers, retryAfterSeconds, passkeyOffered } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const rateLimited = snapshot.matches('rateLimited');
  const byApp = method === 'authenticatorApp';
  const withPasskey = snapshot.matches('usingPasskey');
  const passkeyButtonRef = useRef<HTMLButtonElement>(null);
  const wasWithPasskey = useRef(withPasskey);
  // The button is disabled while the browser's dialog is open: the focus goes back to it afterwards.
  useEffect(() => {
    if (wasWithPasskey.current && !withPasskey) passkeyButtonRef.current?.focus();
    wasWithPasskey.current = withPasskey;
  }, [withPasskey]);

  if (snapshot.matches('expired')) {
    return (
      <AuthPage titleId="second-step-title" title={<Trans>Two-step sign-in</Trans>}>
        <div className={authPanel}>
          <Alert>{i18n._(challengeExpired)}</Alert>
          <InternalLink href={signInHref} onNavigate={onNavigate} className={textLink}>
            <Trans>Sign in again</Trans>
          </InternalLink>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage titleId="second-step-title" title={<Trans>Two-step sign-in</Trans>}>
      <form
        noValidate
        aria-labelledby="second-step-title"
        className={authPanel}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submit' });
        }}
      >
        {passkeyOffered ? (
          <div className={stack({ gap: '3' })}>
            <p>
              <Trans>Use a passkey of your account, on this device, your phone or a security key.</Trans>
            </p>
            <Button
              ref={passkeyButtonRef}
              width="full"
              // The first choice: where the focus starts.
              autoFocus
              aria-busy={withPasskey}
              disabled={busy || rateLimited}
              onClick={() => send({ type: 'user.usePasskey' })}
            >
              {withPasskey ? <Trans>Waiting for your passkey…</Trans> : <Trans>Use a passkey</Trans>}
            </Button>
            {snapshot.matches('passkeyRefused') ? <Alert>{i18n._(passkeyNotRecognised)}</Alert> : null}
            {snapshot.matches('passkeyFailed') ? <Alert>{i18n._(passkeyUnavailable)}</Alert> : null}
            <Text tone="muted">
              <Trans>Or enter a code instead:</Trans>
            </Text>
          </div>
        ) : null}
        <p>
          {byApp ? (
            <Trans>Open your authenticator app and enter the 6-digit code it shows for your account.</Trans>
          ) : (
            <Trans>Enter one of the recovery codes you saved when you set up your authenticator app.</Trans>
          )}
        </p>
        {rateLimited ? <RateLimitedAlert retryAfterSeconds={retryAfterSeconds} /> : null}
        {snapshot.matches('unavailable') ? <Alert>{i18n._(challengeUnavailable)}</Alert> : null}
        <TextField
          // A new field after a refused code or a switch: empty, and with the focus back in it
          // (at first the passkey, where there is one, has the focus).
          key={`${method}-${wrongAnswers}`}
          label={byApp ? t`Code from your authenticator app` : t`Recovery code`}
          name={byApp ? 'authenticator-code' : 'recovery-code'}
          inputMode={byApp ? 'numeric' : 'text'}
          autoComplete={byApp ? 'one-time-code' : 'off'}
          autoCapitalize={byApp ? undefined : 'characters'}
          autoFocus={!passkeyOffered || wrongAnswers > 0 || !byApp}
          dir="ltr"
          spellCheck={false}
          value={code}
          disabled={busy}
          errorText={codeError ? contractMessageText(i18n, codeError) : undefined}
          onValueChange={(value) => send({ type: 'user.changeCode', value })}
        />
        <Button
          type="submit"
          width="full"
          variant={passkeyOffered ? 'outline' : 'solid'}
          aria-busy={busy && !withPasskey}
          disabled={busy || rateLimited}
        >
          {busy && !withPasskey ? <Trans>Verifying…</Trans> : <Trans>Verify</Trans>}
        </Button>
        <div>
          <Button
            variant="link"
            disabled={busy}
            onClick={() => send({ type: byApp ? 'user.useRecoveryCode' : 'user.useAuthenticatorApp' })}
          >
            {byApp ? <Trans>Use a recovery code instead</Trans> : <Trans>Use your authenticator app instead</Trans>}
          </Button>
        </div>
        <Text tone="muted">
          <InternalLink href={signInHref} onNavigate={onNavigate} className={textLink}>
            <Trans>Back to sign in</Trans>
          </InternalLink>
        </Text>
      </form>
    </AuthPage>
  );
}

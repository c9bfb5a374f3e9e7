import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { stack, wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import {
  EnrolmentCodeField,
  EnrolmentFailureAlert,
  type EnrolmentSend,
  type EnrolmentSnapshot,
} from './enrolment-code.view';

/** A change proved by a code first: from the app, or a recovery code (switchable). */
export function CodeProof({
  snapshot,
  send,
  explanation,
  submitLabel,
  busyLabel,
}: {
  snapshot: EnrolmentSnapshot;
  send: EnrolmentSend;
  explanation: ReactNode;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
}) {
  const { method, failure, retryAfterSeconds } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const byApp = method === 'authenticatorApp';
  return (
    <form
      noValidate
      className={stack({ gap: '3' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      <p>{explanation}</p>
      <Text tone="muted">
        {byApp ? (
          <Trans>Enter the 6-digit code from your authenticator app to confirm.</Trans>
        ) : (
          <Trans>Enter one of your recovery codes to confirm. It cannot be used again.</Trans>
        )}
      </Text>
      {failure ? <EnrolmentFailureAlert failure={failure} retryAfterSeconds={retryAfterSeconds} /> : null}
      <EnrolmentCodeField snapshot={snapshot} send={send} />
      <div>
        <Button
          variant="link"
          disabled={busy}
          onClick={() => send({ type: byApp ? 'user.useRecoveryCode' : 'user.useAuthenticatorApp' })}
        >
          {byApp ? <Trans>Use a recovery code instead</Trans> : <Trans>Use your authenticator app instead</Trans>}
        </Button>
      </div>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button type="submit" aria-busy={busy} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  AuthenticatorAppEnrolmentEvent,
  authenticatorAppEnrolmentMachine,
  EnrolmentFailure,
} from '../../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import { Alert } from '../../components/ui/alert';
import { RateLimitedAlert } from '../../components/ui/rate-limited-alert';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText } from '../../lib/contract-messages';
import '../../lib/refusals/second-factor';
import { failureMessages } from './authenticator-app.messages';

export type EnrolmentSnapshot = Pick<
  SnapshotFrom<typeof authenticatorAppEnrolmentMachine>,
  'context' | 'hasTag' | 'matches'
>;
export type EnrolmentSend = (event: AuthenticatorAppEnrolmentEvent) => void;

/** Why a change of two-step sign-in did not happen; too many codes says for how long to wait. */
export function EnrolmentFailureAlert({
  failure,
  retryAfterSeconds,
}: {
  failure: EnrolmentFailure;
  retryAfterSeconds: number | null;
}) {
  const { i18n } = useLingui();
  if (failure === 'rateLimited') return <RateLimitedAlert retryAfterSeconds={retryAfterSeconds} />;
  return <Alert>{i18n._(failureMessages[failure])}</Alert>;
}

/** The field of a code: the app's, or a recovery code; a new field (focused) after a refused one. */
export function EnrolmentCodeField({
  snapshot,
  send,
  label,
}: {
  snapshot: EnrolmentSnapshot;
  send: EnrolmentSend;
  label?: string;
}) {
  const { t, i18n } = useLingui();
  const { method, code, codeError, wrongCodes } = snapshot.context;
  const byApp = method === 'authenticatorApp';
  return (
    <TextField
      key={`${method}-${wrongCodes}`}
      label={label ?? (byApp ? t`Code from your authenticator app` : t`Recovery code`)}
      name={byApp ? 'authenticator-code' : 'recovery-code'}
      inputMode={byApp ? 'numeric' : 'text'}
      autoComplete={byApp ? 'one-time-code' : 'off'}
      autoCapitalize={byApp ? undefined : 'characters'}
      autoFocus
      dir="ltr"
      spellCheck={false}
      value={code}
      disabled={snapshot.hasTag('busy')}
      errorText={codeError ? contractMessageText(i18n, codeError) : undefined}
      onValueChange={(value) => send({ type: 'user.changeCode', value })}
    />
  );
}

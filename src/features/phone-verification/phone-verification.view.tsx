import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import type { SnapshotFrom } from 'xstate';
import { ErrorCode } from '../../../contract/errors';
import { PhoneMessage, phoneResendCooldownSeconds } from '../../../contract/phone';
import type {
  PhoneVerificationEvent,
  phoneVerificationMachine,
} from '../../../machines/phoneVerification/phoneVerification.machine';
import { type Refusal, unexplained } from '../../../machines/support/refusal';
import { stack, wrap } from '../../../styled-system/patterns';
import type { RedirectTarget } from '../../app/guards';
import { ContinueLink } from '../../components/continue-link';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { textLink } from '../../theme/recipes/link';
import type { RegionOption } from './phone-numbers';
import '../../lib/refusals/phone';
import { phoneUnavailable } from './phone-verification.messages';

export type PhoneVerificationViewProps = {
  snapshot: Pick<SnapshotFrom<typeof phoneVerificationMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: PhoneVerificationEvent) => void;
  /** The countries of the chooser, named in the reader's language. */
  regions: RegionOption[];
  /** Writes an E.164 number as people read it. */
  formatPhone: (phone: string) => string;
  /** Where "Skip for now" leads: the flow's redirect, checked, or the dashboard. */
  continueTarget: RedirectTarget;
  /** The number step, keeping the redirect: for "Use another number". */
  numberStepHref: string;
  onNavigate: Navigate;
};

const steps = stack({ gap: '4' });
const row = wrap({ gap: '4', align: 'center' });

/**
 * `/phone-number-input` and `/phone-number-verification`: the person chooses a country and types
 * their number, then enters the code texted to it; the number is then added to their account.
 */
export function PhoneVerificationView(props: PhoneVerificationViewProps) {
  const { snapshot } = props;
  const onCodeStep =
    snapshot.matches('codeEntry') ||
    snapshot.matches('resendingCode') ||
    snapshot.matches('codeExpired') ||
    snapshot.matches('saving') ||
    snapshot.matches('saveRefused') ||
    snapshot.matches('verified');
  return (
    <div className={stack({ gap: '4', maxWidth: '32rem', width: '100%' })}>
      <PageHeader title={onCodeStep ? <Trans>Verify your phone number</Trans> : <Trans>Add a phone number</Trans>} />
      {onCodeStep ? <CodeStep {...props} /> : <NumberStep {...props} />}
    </div>
  );
}

function FailureAlert({
  failure,
  ...ways
}: { failure: Refusal | null } & Pick<ComponentProps<typeof Alert>, 'onRetry' | 'actions'>) {
  const { i18n } = useLingui();
  if (!failure) return null;
  return <Alert {...ways}>{refusalText(i18n, failure, { unavailable: phoneUnavailable })}</Alert>;
}

function NumberStep({ snapshot, send, regions, continueTarget, onNavigate }: PhoneVerificationViewProps) {
  const { t, i18n } = useLingui();
  const { region, number, numberError, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <Card>
      <form
        noValidate
        className={steps}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.requestCode' });
        }}
      >
        <p>
          <Trans>We text a six-digit code to your number to check that it is yours.</Trans>
        </p>
        {snapshot.matches('numberRefused') ? <FailureAlert failure={failure} /> : null}
        <SelectField
          label={<Trans>Country</Trans>}
          name="phone-region"
          autoComplete="tel-country-code"
          value={region}
          disabled={busy}
          options={regions.map((option) => ({
            value: option.region,
            label: option.callingCode ? `${option.name} (+${option.callingCode})` : option.name,
          }))}
          onValueChange={(value) => send({ type: 'user.changeRegion', region: value })}
        />
        <TextField
          label={t`Phone number`}
          name="phone-number"
          type="tel"
          autoComplete="tel"
          dir="ltr"
          spellCheck={false}
          value={number}
          disabled={busy}
          errorText={numberError ? contractMessageText(i18n, numberError) : undefined}
          onValueChange={(value) => send({ type: 'user.changeNumber', value })}
        />
        <div className={row}>
          <Button type="submit" aria-busy={busy} disabled={busy}>
            {busy ? <Trans>Sending code…</Trans> : <Trans>Send code</Trans>}
          </Button>
          <ContinueLink target={continueTarget} onNavigate={onNavigate} className={textLink}>
            <Trans>Skip for now</Trans>
          </ContinueLink>
        </div>
      </form>
    </Card>
  );
}

function CodeStep({
  snapshot,
  send,
  formatPhone,
  continueTarget,
  numberStepHref,
  onNavigate,
}: PhoneVerificationViewProps) {
  const { t, i18n } = useLingui();
  const { phone, code, codeError, failure, canResend, codeResent } = snapshot.context;
  const number = <bdi dir="ltr">{formatPhone(phone ?? '')}</bdi>;
  const otherNumber = (
    <InternalLink href={numberStepHref} onNavigate={onNavigate} className={textLink}>
      <Trans>Use another number</Trans>
    </InternalLink>
  );
  const skip = (
    <ContinueLink target={continueTarget} onNavigate={onNavigate} className={textLink}>
      <Trans>Skip for now</Trans>
    </ContinueLink>
  );

  if (snapshot.matches('verified'))
    return (
      <Card>
        <Alert tone="success">
          <Trans>{number} is now the phone number of your account.</Trans>
        </Alert>
      </Card>
    );

  if (snapshot.matches('saving') || snapshot.matches('saveRefused')) {
    const saving = snapshot.hasTag('busy');
    return (
      <Card>
        <div className={steps} aria-busy={saving}>
          <p>
            <Trans>The code is right. Adding {number} to your account…</Trans>
          </p>
          {snapshot.matches('saveRefused') ? (
            <FailureAlert
              failure={failure ?? unexplained}
              onRetry={() => send({ type: 'user.retrySave' })}
              actions={
                <>
                  {otherNumber}
                  {skip}
                </>
              }
            />
          ) : null}
        </div>
      </Card>
    );
  }

  if (snapshot.matches('codeExpired'))
    return (
      <Card>
        <div className={steps}>
          <Alert>{contractMessageText(i18n, PhoneMessage.codeExpired, ErrorCode.codeExpired)}</Alert>
          <FailureAlert failure={failure} />
          <div className={row}>
            <Button onClick={() => send({ type: 'user.resendCode' })}>
              <Trans>Send a new code</Trans>
            </Button>
            {otherNumber}
            {skip}
          </div>
        </div>
      </Card>
    );

  const resending = snapshot.matches({ codeEntry: 'resending' }) || snapshot.matches('resendingCode');
  const busy = snapshot.hasTag('busy');
  return (
    <Card>
      <form
        noValidate
        className={steps}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submitCode' });
        }}
      >
        <p>
          <Trans>We sent a six-digit code to {number}. Enter it here.</Trans>
        </p>
        {codeResent ? (
          <p role="status">
            <Trans>We sent you a new code.</Trans>
          </p>
        ) : null}
        <FailureAlert failure={failure} />
        <TextField
          label={t`Verification code`}
          name="verification-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={6}
          spellCheck={false}
          value={code}
          disabled={busy}
          errorText={codeError ? contractMessageText(i18n, codeError) : undefined}
          onValueChange={(value) => send({ type: 'user.changeCode', value })}
        />
        <div className={row}>
          <Button type="submit" aria-busy={busy && !resending} disabled={busy}>
            {busy && !resending ? <Trans>Verifying…</Trans> : <Trans>Verify</Trans>}
          </Button>
          {canResend || resending ? (
            <Button
              type="button"
              variant="outline"
              aria-busy={resending}
              disabled={busy}
              onClick={() => send({ type: 'user.resendCode' })}
            >
              {resending ? <Trans>Sending a new code…</Trans> : <Trans>Send a new code</Trans>}
            </Button>
          ) : (
            <Text tone="muted" size="sm">
              <Plural
                value={phoneResendCooldownSeconds}
                one="You can ask for a new code # second after the last one."
                other="You can ask for a new code # seconds after the last one."
              />
            </Text>
          )}
        </div>
        <div className={row}>
          {otherNumber}
          {skip}
        </div>
      </form>
    </Card>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { PhoneMessage, phoneResendCooldownSeconds } from '../../../contract/phone';
import type {
  PhoneVerificationEvent,
  phoneVerificationMachine,
} from '../../../machines/phoneVerification/phoneVerification.machine';
import { css, cx } from '../../../styled-system/css';
import type { RedirectTarget } from '../../app/guards';
import { ContinueLink } from '../../components/continue-link';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card } from '../../components/ui/card';
import { fieldControl } from '../../components/ui/field-control';
import { textLink } from '../../components/ui/link';
import { TextField } from '../../components/ui/text-field';
import type { RegionOption } from './phone-numbers';
import { phoneMessageText, phoneUnavailable } from './phone-verification.messages';

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

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center' });

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
    <div className={cx(stack, css({ maxWidth: '32rem', width: '100%' }))}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {onCodeStep ? <Trans>Verify your phone number</Trans> : <Trans>Add a phone number</Trans>}
      </h1>
      {onCodeStep ? <CodeStep {...props} /> : <NumberStep {...props} />}
    </div>
  );
}

function FailureAlert({ failure }: { failure: { message: string | null } | null }) {
  const { i18n } = useLingui();
  if (!failure) return null;
  return <Alert>{failure.message ? phoneMessageText(i18n, failure.message) : i18n._(phoneUnavailable)}</Alert>;
}

function NumberStep({ snapshot, send, regions, continueTarget, onNavigate }: PhoneVerificationViewProps) {
  const { t, i18n } = useLingui();
  const { region, number, numberError, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <form
      noValidate
      className={cx(card, stack)}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.requestCode' });
      }}
    >
      <p>
        <Trans>We text a six-digit code to your number to check that it is yours.</Trans>
      </p>
      {snapshot.matches('numberRefused') ? <FailureAlert failure={failure} /> : null}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
        <label htmlFor="phone-region" className={css({ fontWeight: 'medium' })}>
          <Trans>Country</Trans>
        </label>
        <select
          id="phone-region"
          name="phone-region"
          autoComplete="tel-country-code"
          className={fieldControl}
          value={region}
          disabled={busy}
          onChange={(event) => send({ type: 'user.changeRegion', region: event.currentTarget.value })}
        >
          {regions.map((option) => (
            <option key={option.region} value={option.region}>
              {option.callingCode ? `${option.name} (+${option.callingCode})` : option.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t`Phone number`}
        name="phone-number"
        type="tel"
        autoComplete="tel"
        dir="ltr"
        spellCheck={false}
        value={number}
        disabled={busy}
        errorText={numberError ? phoneMessageText(i18n, numberError) : undefined}
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
      <section className={cx(card, stack)}>
        <Alert tone="success">
          <Trans>{number} is now the phone number of your account.</Trans>
        </Alert>
      </section>
    );

  if (snapshot.matches('saving') || snapshot.matches('saveRefused')) {
    const saving = snapshot.hasTag('busy');
    return (
      <section className={cx(card, stack)} aria-busy={saving}>
        <p>
          <Trans>The code is right. Adding {number} to your account…</Trans>
        </p>
        {snapshot.matches('saveRefused') ? (
          <>
            <FailureAlert failure={failure} />
            <div className={row}>
              <Button onClick={() => send({ type: 'user.retrySave' })}>
                <Trans>Try again</Trans>
              </Button>
              {otherNumber}
              {skip}
            </div>
          </>
        ) : null}
      </section>
    );
  }

  if (snapshot.matches('codeExpired'))
    return (
      <section className={cx(card, stack)}>
        <Alert>{phoneMessageText(i18n, PhoneMessage.codeExpired)}</Alert>
        <FailureAlert failure={failure} />
        <div className={row}>
          <Button onClick={() => send({ type: 'user.resendCode' })}>
            <Trans>Send a new code</Trans>
          </Button>
          {otherNumber}
          {skip}
        </div>
      </section>
    );

  const resending = snapshot.matches({ codeEntry: 'resending' }) || snapshot.matches('resendingCode');
  const busy = snapshot.hasTag('busy');
  return (
    <form
      noValidate
      className={cx(card, stack)}
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
        errorText={codeError ? phoneMessageText(i18n, codeError) : undefined}
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
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            <Plural
              value={phoneResendCooldownSeconds}
              one="You can ask for a new code # second after the last one."
              other="You can ask for a new code # seconds after the last one."
            />
          </p>
        )}
      </div>
      <div className={row}>
        {otherNumber}
        {skip}
      </div>
    </form>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SecondFactorStatus } from '../../../contract/second-factor';
import type {
  AuthenticatorAppEnrolmentEvent,
  authenticatorAppEnrolmentMachine,
  EnrolmentFailure,
} from '../../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { RateLimitedAlert } from '../../components/ui/rate-limited-alert';
import { TextField } from '../../components/ui/text-field';
import { dateTimeOf } from '../your-sessions/session.messages';
import { codeMessageText, failureMessages } from './authenticator-app.messages';

/** The account's two-step sign-in as read from the server: the screen passes its query's state. */
export type SecondFactorStatusRead =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | ({ status: 'success' } & SecondFactorStatus);

type Snapshot = Pick<SnapshotFrom<typeof authenticatorAppEnrolmentMachine>, 'context' | 'hasTag' | 'matches'>;
type Send = (event: AuthenticatorAppEnrolmentEvent) => void;

export type AuthenticatorAppViewProps = {
  snapshot: Snapshot;
  send: Send;
  read: SecondFactorStatusRead;
};

const muted = css({ color: 'fg.muted' });
const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const stepPanel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  paddingBlockStart: '4',
  borderTopWidth: '1px',
  borderColor: 'border',
});
const stepTitle = css({ fontSize: 'md', fontWeight: 'semibold', outline: 'none' });
const monospace = css({ fontFamily: 'mono', letterSpacing: '0.05em' });
// Dark modules on a light square (with its quiet zone) in every theme: what cameras read.
const qrCode = css({ display: 'block', borderRadius: 'l2', borderWidth: '1px', borderColor: 'border' });

/** The key in blocks of four, as apps ask for it when typed by hand. */
export const keyInBlocks = (secret: string) =>
  secret
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** Which step the section shows: the focus moves when it changes. */
function stepOf(snapshot: Snapshot) {
  if (snapshot.matches('settingUp')) return 'settingUp';
  if (snapshot.matches('setupExpired')) return 'setupExpired';
  if (snapshot.matches('turningOff')) return 'turningOff';
  if (snapshot.matches('replacingCodes')) return 'replacingCodes';
  if (snapshot.matches('showingRecoveryCodes')) return 'showingRecoveryCodes';
  return 'overview';
}

function FailureAlert({ failure, retryAfterSeconds }: { failure: EnrolmentFailure; retryAfterSeconds: number | null }) {
  const { i18n } = useLingui();
  if (failure === 'rateLimited') return <RateLimitedAlert retryAfterSeconds={retryAfterSeconds} />;
  return <Alert>{i18n._(failureMessages[failure])}</Alert>;
}

/** The field of a code: the app's, or a recovery code; a new field (focused) after a refused one. */
function CodeField({ snapshot, send, label }: { snapshot: Snapshot; send: Send; label?: string }) {
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
      errorText={codeError ? codeMessageText(i18n, codeError) : undefined}
      onValueChange={(value) => send({ type: 'user.changeCode', value })}
    />
  );
}

/** A step of the section: its heading (focusable, so the focus can move to it) and its content. */
function Step({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={stepPanel}>
      <h3 id={id} ref={headingRef} tabIndex={-1} className={stepTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Setting the app up: the key as a QR code and as text, then the app's first code. */
function SettingUp({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { t } = useLingui();
  const { setup, failure, retryAfterSeconds } = snapshot.context;
  const confirming = snapshot.matches({ settingUp: 'confirming' });
  const keyId = useId();
  if (!setup) return null;
  const key = keyInBlocks(setup.secret);
  return (
    <form
      noValidate
      className={stack}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      <ol
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '4',
          listStyle: 'decimal',
          paddingInlineStart: '5',
        })}
      >
        <li className={stack}>
          <p>
            <Trans>Scan this QR code with your authenticator app.</Trans>
          </p>
          <QRCodeSVG
            className={qrCode}
            value={setup.otpauthUri}
            size={176}
            level="M"
            marginSize={4}
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            aria-label={t`QR code to add your account to an authenticator app`}
          />
          <p id={keyId} className={muted}>
            <Trans>Cannot scan it? Enter this key in the app instead:</Trans>
          </p>
          <p aria-describedby={keyId}>
            <code dir="ltr" className={monospace}>
              {key}
            </code>
          </p>
        </li>
        <li className={stack}>
          <p>
            <Trans>Enter the 6-digit code the app now shows for your account.</Trans>
          </p>
          {failure ? <FailureAlert failure={failure} retryAfterSeconds={retryAfterSeconds} /> : null}
          {/* The focus goes to the step's heading first; into the field only after a refused code. */}
          <CodeField snapshot={snapshot} send={send} label={t`Code from the app`} />
        </li>
      </ol>
      <div className={row}>
        <Button type="submit" aria-busy={confirming} disabled={confirming}>
          {confirming ? <Trans>Turning on…</Trans> : <Trans>Turn on</Trans>}
        </Button>
        <Button variant="outline" disabled={confirming} onClick={() => send({ type: 'user.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** A change proved by a code first: from the app, or a recovery code (switchable). */
function Proving({
  snapshot,
  send,
  explanation,
  submitLabel,
  busyLabel,
}: {
  snapshot: Snapshot;
  send: Send;
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
      className={stack}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      <p>{explanation}</p>
      <p className={muted}>
        {byApp ? (
          <Trans>Enter the 6-digit code from your authenticator app to confirm.</Trans>
        ) : (
          <Trans>Enter one of your recovery codes to confirm. It cannot be used again.</Trans>
        )}
      </p>
      {failure ? <FailureAlert failure={failure} retryAfterSeconds={retryAfterSeconds} /> : null}
      <CodeField snapshot={snapshot} send={send} />
      <Button
        variant="link"
        disabled={busy}
        className={css({ alignSelf: 'flex-start' })}
        onClick={() => send({ type: byApp ? 'user.useRecoveryCode' : 'user.useAuthenticatorApp' })}
      >
        {byApp ? <Trans>Use a recovery code instead</Trans> : <Trans>Use your authenticator app instead</Trans>}
      </Button>
      <div className={row}>
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

/** The new recovery codes, this once: copy, download, done. */
function RecoveryCodes({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { t } = useLingui();
  const { recoveryCodes, copy, notice } = snapshot.context;
  return (
    <div className={stack}>
      <Alert tone="success">
        {notice === 'turnedOn' ? (
          <Trans>Your authenticator app is on. From now on, signing in asks for a code from it.</Trans>
        ) : (
          <Trans>Your new recovery codes are ready. The old ones no longer work.</Trans>
        )}
      </Alert>
      <p>
        <Trans>
          If you cannot use your authenticator app, each of these codes signs you in once. Keep them somewhere safe:
          they will not be shown again.
        </Trans>
      </p>
      <ol
        aria-label={t`Recovery codes`}
        dir="ltr"
        className={css({
          display: 'grid',
          // Wide enough for a whole code (30 characters) on a line; a narrow phone breaks it at a dash.
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
          gap: '2',
          padding: '3',
          borderRadius: 'l2',
          borderWidth: '1px',
          borderColor: 'border',
          bg: 'surface',
        })}
      >
        {(recoveryCodes ?? []).map((code) => (
          <li key={code} className={monospace}>
            {code}
          </li>
        ))}
      </ol>
      <div className={row}>
        <Button variant="outline" onClick={() => send({ type: 'user.copy' })}>
          <Trans>Copy</Trans>
        </Button>
        <Button variant="outline" onClick={() => send({ type: 'user.download' })}>
          <Trans>Download</Trans>
        </Button>
        <Button onClick={() => send({ type: 'user.done' })}>
          <Trans>Done</Trans>
        </Button>
      </div>
      <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted', _empty: { display: 'none' } })}>
        {copy === 'copied' ? <Trans>Recovery codes copied</Trans> : null}
        {copy === 'failed' ? (
          <Trans>Your browser did not let us copy the codes. Select them in the list and copy them yourself.</Trans>
        ) : null}
      </p>
    </div>
  );
}

/** The app's state and the recovery codes left, as read from the server. */
function Status({ read }: { read: SecondFactorStatusRead }) {
  const { i18n } = useLingui();
  if (read.status === 'pending')
    return (
      <p role="status" className={muted}>
        <Trans>Loading your two-step sign-in…</Trans>
      </p>
    );
  if (read.status === 'error')
    return (
      <Alert>
        <p>
          <Trans>We could not load your two-step sign-in.</Trans>
        </p>
        <Button variant="link" onClick={read.onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  const { enabled, enabledAt } = read.authenticatorApp;
  const remaining = read.recoveryCodes.remaining;
  const since = enabledAt ? dateTimeOf(i18n.locale, enabledAt) : '';
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '1' })}>
      <dt className={css({ fontWeight: 'medium' })}>
        <Trans>Authenticator app</Trans>
      </dt>
      <dd>
        {enabled && enabledAt ? (
          <Trans>
            On since <time dateTime={enabledAt}>{since}</time>
          </Trans>
        ) : enabled ? (
          <Trans>On</Trans>
        ) : (
          <Trans>Off</Trans>
        )}
      </dd>
      {enabled ? (
        <>
          <dt className={css({ fontWeight: 'medium' })}>
            <Trans>Recovery codes</Trans>
          </dt>
          <dd>
            <Plural value={remaining} _0="None left" one="# left" other="# left" />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** Why this person is asked to turn the app on: the team whose owner requires it (the banner says so too). */
function TeamRequirement({ team }: { team: string }) {
  return (
    <p
      className={css({
        paddingBlock: '2.5',
        paddingInline: '3',
        borderRadius: 'l2',
        borderInlineStartWidth: '4px',
        borderColor: 'accent.default',
        bg: 'accent.subtle',
      })}
    >
      <Trans>
        <bdi>{team}</bdi> requires two-step sign-in. Set up an authenticator app to reach the team’s pages.
      </Trans>
    </p>
  );
}

/**
 * "Two-step sign-in" on the account page (`/account#two-step-sign-in`, beside the linked sign-ins):
 * whether the authenticator app is on and how many recovery codes are left; setting the app up,
 * turning it off and new recovery codes, each step in place, with the focus moved to it.
 */
export function AuthenticatorAppView({ snapshot, send, read }: AuthenticatorAppViewProps) {
  const { notice, failure, retryAfterSeconds } = snapshot.context;
  const step = stepOf(snapshot);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const shownStep = useRef(step);
  // A new step replaces the controls that had the focus: take it to the step's heading (or, where a
  // code is asked for first, the field's own autofocus), and back to what was done at the end.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === 'overview') (noticeRef.current ?? titleRef.current)?.focus();
    else if (step === 'settingUp' || step === 'setupExpired' || step === 'showingRecoveryCodes')
      stepHeadingRef.current?.focus();
  }, [step]);
  const starting = snapshot.matches('startingSetup');
  const enabled = read.status === 'success' && read.authenticatorApp.enabled;
  const stepId = useId();

  return (
    <section id="two-step-sign-in" aria-labelledby="two-step-sign-in-title" className={card}>
      <h3 id="two-step-sign-in-title" ref={titleRef} tabIndex={-1} className={cx(cardTitle, css({ outline: 'none' }))}>
        <Trans>Two-step sign-in</Trans>
      </h3>
      <p className={muted}>
        <Trans>
          With an authenticator app on your phone, signing in asks for a code from it after your password, so your
          password alone is not enough to get into your account.
        </Trans>
      </p>
      <Status read={read} />
      {read.status === 'success' && !read.authenticatorApp.enabled && read.requiredByTeam ? (
        <TeamRequirement team={read.requiredByTeam} />
      ) : null}
      {step === 'overview' && notice === 'turnedOff' ? (
        <p role="status" ref={noticeRef} tabIndex={-1}>
          <Trans>Your authenticator app is off. Signing in asks only for your password again.</Trans>
        </p>
      ) : null}
      {step === 'overview' && failure ? <FailureAlert failure={failure} retryAfterSeconds={retryAfterSeconds} /> : null}
      {step === 'overview' && read.status === 'success' ? (
        <div className={row}>
          {enabled ? (
            <>
              <Button variant="outline" onClick={() => send({ type: 'user.newRecoveryCodes' })}>
                <Trans>New recovery codes</Trans>
              </Button>
              <Button variant="outline" onClick={() => send({ type: 'user.turnOff' })}>
                <Trans>Turn off</Trans>
              </Button>
            </>
          ) : (
            <Button aria-busy={starting} disabled={starting} onClick={() => send({ type: 'user.setUp' })}>
              {starting ? <Trans>Setting up…</Trans> : <Trans>Set up an authenticator app</Trans>}
            </Button>
          )}
        </div>
      ) : null}
      {step === 'settingUp' ? (
        <Step id={stepId} headingRef={stepHeadingRef} title={<Trans>Set up your authenticator app</Trans>}>
          <SettingUp snapshot={snapshot} send={send} />
        </Step>
      ) : null}
      {step === 'setupExpired' ? (
        <Step id={stepId} headingRef={stepHeadingRef} title={<Trans>Set up your authenticator app</Trans>}>
          {failure ? <FailureAlert failure={failure} retryAfterSeconds={retryAfterSeconds} /> : null}
          <div className={row}>
            <Button onClick={() => send({ type: 'user.setUp' })}>
              <Trans>Start again</Trans>
            </Button>
            <Button variant="outline" onClick={() => send({ type: 'user.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </Step>
      ) : null}
      {step === 'turningOff' ? (
        <Step id={stepId} headingRef={stepHeadingRef} title={<Trans>Turn off your authenticator app</Trans>}>
          <Proving
            snapshot={snapshot}
            send={send}
            explanation={
              <Trans>Signing in will ask only for your password, and your recovery codes will stop working.</Trans>
            }
            submitLabel={<Trans>Turn off</Trans>}
            busyLabel={<Trans>Turning off…</Trans>}
          />
        </Step>
      ) : null}
      {step === 'replacingCodes' ? (
        <Step id={stepId} headingRef={stepHeadingRef} title={<Trans>Get new recovery codes</Trans>}>
          <Proving
            snapshot={snapshot}
            send={send}
            explanation={<Trans>You get ten new recovery codes, and the ones you have now stop working.</Trans>}
            submitLabel={<Trans>Get new codes</Trans>}
            busyLabel={<Trans>Getting new codes…</Trans>}
          />
        </Step>
      ) : null}
      {step === 'showingRecoveryCodes' ? (
        <Step id={stepId} headingRef={stepHeadingRef} title={<Trans>Your recovery codes</Trans>}>
          <RecoveryCodes snapshot={snapshot} send={send} />
        </Step>
      ) : null}
    </section>
  );
}

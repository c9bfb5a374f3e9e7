import { Trans } from '@lingui/react/macro';
import { type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import { wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { subsection } from '../../theme/recipes/subsection';
import { heading } from '../../theme/recipes/text';
import { AuthenticatorAppSetup } from './authenticator-app-setup.view';
import { AuthenticatorAppStatus, type SecondFactorStatusRead, TeamRequirement } from './authenticator-app-status.view';
import { CodeProof } from './code-proof.view';
import { EnrolmentFailureAlert, type EnrolmentSend, type EnrolmentSnapshot } from './enrolment-code.view';
import { RecoveryCodes } from './recovery-codes.view';

export type AuthenticatorAppViewProps = {
  snapshot: EnrolmentSnapshot;
  send: EnrolmentSend;
  read: SecondFactorStatusRead;
};

const buttonRow = wrap({ gap: '3', align: 'center' });

/** Which step the section shows: the focus moves when it changes. */
function stepOf(snapshot: EnrolmentSnapshot) {
  if (snapshot.matches('settingUp')) return 'settingUp';
  if (snapshot.matches('setupExpired')) return 'setupExpired';
  if (snapshot.matches('turningOff')) return 'turningOff';
  if (snapshot.matches('replacingCodes')) return 'replacingCodes';
  if (snapshot.matches('showingRecoveryCodes')) return 'showingRecoveryCodes';
  return 'overview';
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
    <section aria-labelledby={id} className={subsection}>
      <h3 id={id} ref={headingRef} tabIndex={-1} className={heading({ level: 'subsection' })}>
        {title}
      </h3>
      {children}
    </section>
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
  const failureAlert = failure ? (
    <EnrolmentFailureAlert failure={failure} retryAfterSeconds={retryAfterSeconds} />
  ) : null;

  return (
    <Card
      id="two-step-sign-in"
      titleId="two-step-sign-in-title"
      titleAs="h3"
      titleRef={titleRef}
      title={<Trans>Two-step sign-in</Trans>}
      description={
        <Trans>
          With an authenticator app on your phone, signing in asks for a code from it after your password, so your
          password alone is not enough to get into your account.
        </Trans>
      }
    >
      <AuthenticatorAppStatus read={read} />
      {read.status === 'success' && !read.authenticatorApp.enabled && read.requiredByTeam ? (
        <TeamRequirement team={read.requiredByTeam} />
      ) : null}
      {step === 'overview' && notice === 'turnedOff' ? (
        <p role="status" ref={noticeRef} tabIndex={-1}>
          <Trans>Your authenticator app is off. Signing in asks only for your password again.</Trans>
        </p>
      ) : null}
      {step === 'overview' ? failureAlert : null}
      {step === 'overview' && read.status === 'success' ? (
        <div className={buttonRow}>
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
          <AuthenticatorAppSetup snapshot={snapshot} send={send} />
        </Step>
      ) : null}
      {step === 'setupExpired' ? (
        <Step id={stepId} headingRef={stepHeadingRef} title={<Trans>Set up your authenticator app</Trans>}>
          {failureAlert}
          <div className={buttonRow}>
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
          <CodeProof
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
          <CodeProof
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
    </Card>
  );
}

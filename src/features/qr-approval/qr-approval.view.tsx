import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { QrSignInMessage } from '../../../contract/qr-sign-in';
import type { QrApprovalEvent, qrApprovalMachine } from '../../../machines/qrApproval/qrApproval.machine';
import { css } from '../../../styled-system/css';
import { AuthPage, authPanel } from '../../components/auth-page';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { detailsList } from '../../components/ui/details-list';
import { textLink } from '../../components/ui/link';
import { qrSignInMessageText } from './qr-approval.messages';

export type QrApprovalViewProps = {
  snapshot: Pick<SnapshotFrom<typeof qrApprovalMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: QrApprovalEvent) => void;
  onNavigate: Navigate;
};

/** Sign-in, and back to this page afterwards. */
export const signInHrefFor = (id: string) =>
  `/login?redirect=${encodeURIComponent(`/qrcode-login/${encodeURIComponent(id)}`)}`;

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });
// A fieldset and legend without the browser's frame: the question reads as the panel's text.
const numberChoice = css({ border: 'none', margin: '0', padding: '0', minWidth: '0' });
const numberQuestion = css({ fontWeight: 'semibold', padding: '0', marginBlockEnd: '1' });
const numberButton = css({ minWidth: '5rem' });
// On the number rather than the button, whose recipe sets a font size of its own.
const numberText = css({ fontSize: '2xl', fontVariantNumeric: 'tabular-nums' });

/**
 * `/qrcode-login/{id}`: a signed-in person approves another device's sign-in by picking the number
 * it shows, or declines it.
 */
export function QrApprovalView({ snapshot, send, onNavigate }: QrApprovalViewProps) {
  const { i18n } = useLingui();
  const { id, request, pickedNumber, failureMessage } = snapshot.context;
  const approving = snapshot.matches('approving');
  const declining = snapshot.matches('declining');
  const accountLink = (
    <InternalLink href="/account" onNavigate={onNavigate} className={textLink}>
      <Trans>Go to your account</Trans>
    </InternalLink>
  );

  return (
    <AuthPage titleId="qr-approval-title" title={<Trans>Sign in with a QR code</Trans>}>
      <section aria-labelledby="qr-approval-title" className={authPanel}>
        {snapshot.matches('loading') ? (
          <p role="status" aria-busy="true">
            <Trans>Loading the sign-in request…</Trans>
          </p>
        ) : null}

        {snapshot.matches('needsSignIn') ? (
          <>
            <p>
              <Trans>Sign in on this device to approve the sign-in on the other one.</Trans>
            </p>
            <InternalLink href={signInHrefFor(id)} onNavigate={onNavigate} className={textLink}>
              <Trans>Sign in to continue</Trans>
            </InternalLink>
          </>
        ) : null}

        {request && (snapshot.matches('showingRequest') || approving || declining) ? (
          <>
            <p>
              <Trans>
                A device is asking to be signed in to your account. Approve only if you started this sign-in yourself.
              </Trans>
            </p>
            <dl className={detailsList}>
              <dt>
                <Trans>Browser</Trans>
              </dt>
              <dd>{request.browser ?? <Trans>Unknown browser</Trans>}</dd>
              <dt>
                <Trans>System</Trans>
              </dt>
              <dd>{request.system ?? <Trans>Unknown system</Trans>}</dd>
              <dt>
                <Trans>Network</Trans>
              </dt>
              <dd>{request.network ? <bdi dir="ltr">{request.network}</bdi> : <Trans>Unknown network</Trans>}</dd>
              <dt>
                <Trans>Requested</Trans>
              </dt>
              <dd>
                <time dateTime={request.requestedAt}>
                  {i18n.date(new Date(request.requestedAt), { dateStyle: 'medium', timeStyle: 'medium' })}
                </time>
              </dd>
            </dl>
            <fieldset aria-describedby="qr-approval-number-hint" className={numberChoice}>
              <legend className={numberQuestion}>
                <Trans>Which number does the other device show?</Trans>
              </legend>
              <p
                id="qr-approval-number-hint"
                className={css({ color: 'fg.muted', fontSize: 'sm', marginBlockEnd: '3' })}
              >
                <Trans>Pick that number to approve. If the other device shows no number, decline.</Trans>
              </p>
              <div className={actions}>
                {request.numberChoices.map((number) => (
                  <Button
                    key={number}
                    className={numberButton}
                    aria-busy={approving && pickedNumber === number}
                    disabled={approving || declining}
                    onClick={() => send({ type: 'user.pickNumber', number })}
                  >
                    <bdi dir="ltr" className={numberText}>
                      {number}
                    </bdi>
                  </Button>
                ))}
              </div>
            </fieldset>
            <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
              <Button
                variant="outline"
                aria-busy={declining}
                disabled={approving || declining}
                onClick={() => send({ type: 'user.decline' })}
              >
                {declining ? <Trans>Declining…</Trans> : <Trans>Decline</Trans>}
              </Button>
              <span role="status" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                {approving ? <Trans>Approving…</Trans> : null}
              </span>
            </div>
          </>
        ) : null}

        {snapshot.matches('approved') ? (
          <>
            <Alert tone="success">
              <Trans>Approved. The other device is being signed in to your account.</Trans>
            </Alert>
            {accountLink}
          </>
        ) : null}

        {snapshot.matches('declined') ? (
          <>
            <Alert tone="success">
              <Trans>Declined. The other device was not signed in.</Trans>
            </Alert>
            {accountLink}
          </>
        ) : null}

        {snapshot.matches('refused') ? (
          <>
            <Alert>{qrSignInMessageText(i18n, failureMessage ?? QrSignInMessage.notFound)}</Alert>
            {accountLink}
          </>
        ) : null}

        {snapshot.matches('failed') ? (
          <>
            <Alert>
              <Trans>We could not reach the portal. Please try again.</Trans>
            </Alert>
            <div className={actions}>
              <Button variant="outline" onClick={() => send({ type: 'user.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          </>
        ) : null}
      </section>
    </AuthPage>
  );
}

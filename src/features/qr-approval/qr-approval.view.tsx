import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { QrApprovalEvent, qrApprovalMachine } from '../../../machines/qrApproval/qrApproval.machine';
import { unexplained } from '../../../machines/support/refusal';
import { css } from '../../../styled-system/css';
import { wrap } from '../../../styled-system/patterns';
import { AuthPage, authPanel } from '../../components/auth-page';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { refusalText } from '../../lib/contract-messages';
import { formatDateTime } from '../../lib/format/dates';
import { choiceGroup } from '../../theme/recipes/choice-group';
import { detailsList } from '../../theme/recipes/details-list';
import { textLink } from '../../theme/recipes/link';
import '../../lib/refusals/qr-sign-in';
import { requestNotFound } from './qr-approval.messages';

export type QrApprovalViewProps = {
  snapshot: Pick<SnapshotFrom<typeof qrApprovalMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: QrApprovalEvent) => void;
  onNavigate: Navigate;
};

/** Sign-in, and back to this page afterwards. */
const signInHrefFor = (id: string) =>
  `/login?redirect=${encodeURIComponent(`/qrcode-login/${encodeURIComponent(id)}`)}`;

const numberChoice = choiceGroup();
// On the number rather than the button, whose recipe sets a font size of its own; as wide for
// every number, so the buttons line up.
const numberText = css({ fontSize: '2xl', fontVariantNumeric: 'tabular-nums', minWidth: '3rem', textAlign: 'center' });

/**
 * `/qrcode-login/{id}`: a signed-in person approves another device's sign-in by picking the number
 * it shows, or declines it.
 */
export function QrApprovalView({ snapshot, send, onNavigate }: QrApprovalViewProps) {
  const { i18n } = useLingui();
  const { id, request, pickedNumber, failure } = snapshot.context;
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
                  {formatDateTime(request.requestedAt, i18n.locale, { seconds: true })}
                </time>
              </dd>
            </dl>
            <fieldset aria-describedby="qr-approval-number-hint" className={numberChoice.root}>
              <legend className={numberChoice.legend}>
                <Trans>Which number does the other device show?</Trans>
              </legend>
              <Text id="qr-approval-number-hint" tone="muted" size="sm">
                <Trans>Pick that number to approve. If the other device shows no number, decline.</Trans>
              </Text>
              <div className={wrap({ gap: '3' })}>
                {request.numberChoices.map((number) => (
                  <Button
                    key={number}
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
            <div className={wrap({ gap: '3', align: 'center' })}>
              <Button
                variant="outline"
                aria-busy={declining}
                disabled={approving || declining}
                onClick={() => send({ type: 'user.decline' })}
              >
                {declining ? <Trans>Declining…</Trans> : <Trans>Decline</Trans>}
              </Button>
              <Text as="span" role="status" tone="muted" size="sm">
                {approving ? <Trans>Approving…</Trans> : null}
              </Text>
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
            <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: requestNotFound })}</Alert>
            {accountLink}
          </>
        ) : null}

        {snapshot.matches('failed') ? (
          <Alert onRetry={() => send({ type: 'user.retry' })}>
            <Trans>We could not reach the portal. Please try again.</Trans>
          </Alert>
        ) : null}
      </section>
    </AuthPage>
  );
}

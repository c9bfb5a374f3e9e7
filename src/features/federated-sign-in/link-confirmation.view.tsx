import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  LinkConfirmationEvent,
  linkConfirmationMachine,
} from '../../../machines/linkConfirmation/linkConfirmation.machine';
import { css } from '../../../styled-system/css';
import { AuthPage, authPanel } from '../../components/auth-page';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { textLink } from '../../components/ui/link';
import { federatedSignInMessageText, linkUnavailable } from './federated-sign-in.messages';

export type LinkConfirmationViewProps = {
  snapshot: Pick<SnapshotFrom<typeof linkConfirmationMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: LinkConfirmationEvent) => void;
  onNavigate: Navigate;
};

/** `/auth/link/{token}`: the mailed link's page, where the account's owner consents to the link. */
export function LinkConfirmationView({ snapshot, send, onNavigate }: LinkConfirmationViewProps) {
  const { i18n } = useLingui();
  const { failureMessage } = snapshot.context;
  const failed = snapshot.matches('failed');
  const busy = snapshot.hasTag('busy');
  const refusedForGood = failed && failureMessage !== null;

  return (
    <AuthPage titleId="link-confirmation-title" title={<Trans>Link a sign-in to your account</Trans>}>
      <div className={authPanel}>
        {failed ? (
          <Alert>
            {failureMessage !== null ? federatedSignInMessageText(i18n, failureMessage) : i18n._(linkUnavailable)}
          </Alert>
        ) : (
          <p>
            <Trans>
              You signed in with a provider using your account's e-mail address and asked to link that sign-in to your
              account. Once linked, you can sign in with it from now on, and you are signed in now.
            </Trans>
          </p>
        )}
        {refusedForGood ? null : (
          <Button type="button" aria-busy={busy} disabled={busy} onClick={() => send({ type: 'user.confirm' })}>
            {busy ? <Trans>Linking…</Trans> : <Trans>Link and sign in</Trans>}
          </Button>
        )}
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          <Trans>If it was not you, close this page: nothing is linked without your confirmation.</Trans>
        </p>
        <InternalLink href="/login" onNavigate={onNavigate} className={textLink}>
          <Trans>Back to sign in</Trans>
        </InternalLink>
      </div>
    </AuthPage>
  );
}

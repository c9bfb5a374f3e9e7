import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  LinkConfirmationEvent,
  linkConfirmationMachine,
} from '../../../machines/linkConfirmation/linkConfirmation.machine';
import { isExplained, unexplained } from '../../../machines/support/refusal';
import { AuthPage, authPanel } from '../../components/auth-page';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { refusalText } from '../../lib/contract-messages';
import { textLink } from '../../theme/recipes/link';
import '../../lib/refusals/federated-sign-in';
import { linkUnavailable } from './federated-sign-in.messages';

export type LinkConfirmationViewProps = {
  snapshot: Pick<SnapshotFrom<typeof linkConfirmationMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: LinkConfirmationEvent) => void;
  onNavigate: Navigate;
};

/** `/auth/link/{token}`: the mailed link's page, where the account's owner consents to the link. */
export function LinkConfirmationView({ snapshot, send, onNavigate }: LinkConfirmationViewProps) {
  const { i18n } = useLingui();
  const failure = snapshot.context.failure ?? unexplained;
  const failed = snapshot.matches('failed');
  const busy = snapshot.hasTag('busy');
  const refusedForGood = failed && isExplained(failure);

  return (
    <AuthPage titleId="link-confirmation-title" title={<Trans>Link a sign-in to your account</Trans>}>
      <div className={authPanel}>
        {failed ? (
          <Alert>{refusalText(i18n, failure, { unavailable: linkUnavailable })}</Alert>
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
        <Text tone="muted" size="sm">
          <Trans>If it was not you, close this page: nothing is linked without your confirmation.</Trans>
        </Text>
        <InternalLink href="/login" onNavigate={onNavigate} className={textLink}>
          <Trans>Back to sign in</Trans>
        </InternalLink>
      </div>
    </AuthPage>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { signInCallbackMachine } from '../../../machines/signInCallback/signInCallback.machine';
import { css } from '../../../styled-system/css';
import { AuthPage, authPanel } from '../../components/auth-page';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { textLink } from '../../components/ui/link';
import { federatedSignInMessageText, signInUnavailable } from './federated-sign-in.messages';

export type SignInCallbackViewProps = {
  snapshot: Pick<SnapshotFrom<typeof signInCallbackMachine>, 'context' | 'hasTag'>;
  onNavigate: Navigate;
};

/** `/auth/callback/{provider}`: the sign-in completing, or why it did not, with the way back. */
export function SignInCallbackView({ snapshot, onNavigate }: SignInCallbackViewProps) {
  const { i18n } = useLingui();
  const { failureMessage } = snapshot.context;
  const refused = snapshot.hasTag('error');

  return (
    <AuthPage titleId="sign-in-callback-title" title={<Trans>Signing in</Trans>}>
      <div className={authPanel} aria-busy={!refused}>
        {refused ? (
          <>
            <Alert>
              {failureMessage !== null ? federatedSignInMessageText(i18n, failureMessage) : i18n._(signInUnavailable)}
            </Alert>
            <InternalLink href="/login" onNavigate={onNavigate} className={textLink}>
              <Trans>Back to sign in</Trans>
            </InternalLink>
          </>
        ) : (
          <p role="status" className={css({ color: 'fg.muted' })}>
            <Trans>Signing you in…</Trans>
          </p>
        )}
      </div>
    </AuthPage>
  );
}

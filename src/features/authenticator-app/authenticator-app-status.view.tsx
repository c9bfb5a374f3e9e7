import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SecondFactorStatus } from '../../../contract/second-factor';
import { Alert } from '../../components/ui/alert';
import { Note } from '../../components/ui/note';
import { Text } from '../../components/ui/text';
import { formatDateTime } from '../../lib/format/dates';
import { detailsList } from '../../theme/recipes/details-list';

/** The account's two-step sign-in as read from the server: the screen passes its query's state. */
export type SecondFactorStatusRead =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | ({ status: 'success' } & SecondFactorStatus);

/** The app's state and the recovery codes left, as read from the server. */
export function AuthenticatorAppStatus({ read }: { read: SecondFactorStatusRead }) {
  const { i18n } = useLingui();
  if (read.status === 'pending')
    return (
      <Text role="status" tone="muted">
        <Trans>Loading your two-step sign-in…</Trans>
      </Text>
    );
  if (read.status === 'error')
    return (
      <Alert onRetry={read.onRetry}>
        <Trans>We could not load your two-step sign-in.</Trans>
      </Alert>
    );
  const { enabled, enabledAt } = read.authenticatorApp;
  const remaining = read.recoveryCodes.remaining;
  const since = enabledAt ? formatDateTime(enabledAt, i18n.locale) : '';
  return (
    <dl className={detailsList}>
      <dt>
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
          <dt>
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
export function TeamRequirement({ team }: { team: string }) {
  return (
    <Note>
      <p>
        <Trans>
          <bdi>{team}</bdi> requires two-step sign-in. Set up an authenticator app to reach the team’s pages.
        </Trans>
      </p>
    </Note>
  );
}

import { Trans } from '@lingui/react/macro';
import { grid, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { StatusMessage } from '../../components/ui/status-message';
import { ApiKeyFailureAlert, NewApiKeyForm } from './api-key-forms.view';
import { ApiKeyItem } from './api-key-item.view';
import type { ApiKeyPartProps } from './api-keys.types';
import { NewApiKeyPanel } from './new-api-key.view';

export type ApiKeysViewProps = ApiKeyPartProps & {
  /** The time (ms) expiry is judged against, given by the screen so the view stays pure. */
  now: number;
};

const title = <Trans>API keys</Trans>;

/**
 * The confirm before a key is deleted: Ark's Dialog, open exactly while the machine is `deleting`,
 * so the busy state and the server's answer come from the snapshot (as the cancel dialog).
 */
function DeleteDialog({ snapshot, send }: ApiKeyPartProps) {
  const deleting = snapshot.matches({ deleting: 'sending' });
  const description = snapshot.context.keys.find((key) => key.keyId === snapshot.context.keyId)?.description ?? '';
  return (
    <ConfirmDialog
      open={snapshot.matches('deleting')}
      busy={deleting}
      title={
        <Trans>
          Delete the API key <bdi>{description}</bdi>?
        </Trans>
      }
      description={<Trans>Programs that use it are refused from then on. This cannot be undone.</Trans>}
      rejectLabel={<Trans>Keep key</Trans>}
      acceptLabel={deleting ? <Trans>Deleting key…</Trans> : <Trans>Delete key</Trans>}
      onReject={() => send({ type: 'user.dismiss' })}
      onAccept={() => send({ type: 'user.confirmDelete' })}
    >
      {snapshot.matches({ deleting: 'failed' }) ? <ApiKeyFailureAlert failure={snapshot.context.failure} /> : null}
    </ConfirmDialog>
  );
}

/** The team's API keys: the list, a new key (shown once), a key's addresses, and deletion. */
export function ApiKeysView({ snapshot, send, now }: ApiKeysViewProps) {
  const { keys, confirmation } = snapshot.context;
  return (
    <Card
      title={title}
      description={
        <Trans>
          Programs read the team, its members and its servers through the team API with a key. Each key can be limited
          to the addresses it is used from.
        </Trans>
      }
    >
      <StatusMessage>
        {confirmation === 'ipsSaved' ? <Trans>The key’s addresses are saved.</Trans> : null}
        {confirmation === 'deleted' ? <Trans>The key is deleted.</Trans> : null}
      </StatusMessage>
      {snapshot.matches('creating') ? (
        <NewApiKeyForm snapshot={snapshot} send={send} />
      ) : snapshot.matches('shownOnce') ? (
        <NewApiKeyPanel snapshot={snapshot} send={send} />
      ) : (
        <div className={wrap({ gap: '3', align: 'center' })}>
          <Button disabled={!snapshot.can({ type: 'user.create' })} onClick={() => send({ type: 'user.create' })}>
            <Trans>Create API key</Trans>
          </Button>
        </div>
      )}
      {keys.length === 0 ? (
        <EmptyState>
          <Trans>There are no API keys yet.</Trans>
        </EmptyState>
      ) : (
        <ul className={grid({ gap: '0' })}>
          {keys.map((apiKey) => (
            <ApiKeyItem key={apiKey.keyId} snapshot={snapshot} send={send} now={now} apiKey={apiKey} />
          ))}
        </ul>
      )}
      <DeleteDialog snapshot={snapshot} send={send} />
    </Card>
  );
}

/** The team could not be read, so neither could its keys. */
export function ApiKeysLoadFailedView({ onRetry }: { onRetry: () => void }) {
  return (
    <Card title={title}>
      <Alert onRetry={onRetry}>
        <Trans>We could not load the team’s API keys.</Trans>
      </Alert>
    </Card>
  );
}

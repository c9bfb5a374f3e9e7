import type { SnapshotFrom } from 'xstate';
import type { ApiKeyEvent, apiKeyMachine } from '../../../machines/apiKey/apiKey.machine';

type ApiKeySnapshot = Pick<SnapshotFrom<typeof apiKeyMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

/** What the API keys view and each of its parts take: the machine's snapshot and its events. */
export type ApiKeyPartProps = {
  snapshot: ApiKeySnapshot;
  send: (event: ApiKeyEvent) => void;
};

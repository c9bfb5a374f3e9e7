import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ApiKey } from '../../../contract/teams';
import { apiKeyMachine } from '../../../machines/apiKey/apiKey.machine';
import { apiKeyActors } from './api-keys.actors';
import { ApiKeysView } from './api-keys.view';

export type ApiKeysScreenProps = {
  referenceId: string;
  /** The team's keys from the team read (readTeam), kept fresh by its query. */
  apiKeys: ApiKey[];
  /**
   * Called after every change (a key created, its addresses saved, a key deleted). The caller
   * invalidates the team query (['team', referenceId]), whose new keys come back in `apiKeys`.
   */
  onChanged: () => void;
};

/** The team's API keys on the subscription portal, for the owner and the team's admins. */
export function ApiKeysScreen({ referenceId, apiKeys, onChanged }: ApiKeysScreenProps) {
  // The machine is made once; the latest callback is read when a change lands.
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const actor = useActorRef(
    apiKeyMachine.provide({
      actors: apiKeyActors(referenceId),
      actions: { keysChanged: () => onChangedRef.current() },
    }),
    { input: { keys: apiKeys } },
  );
  const snapshot = useSelector(actor, (state) => state);
  // A new read of the team tells the machine what the list holds now.
  useEffect(() => {
    actor.send({ type: 'keys.refreshed', keys: apiKeys });
  }, [actor, apiKeys]);
  // Expiry is judged against the time the section opened: a key that expires while it is open shows so on the next visit.
  const [now] = useState(Date.now);
  return <ApiKeysView snapshot={snapshot} send={actor.send} now={now} />;
}

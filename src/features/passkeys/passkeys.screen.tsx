import { useLingui } from '@lingui/react/macro';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { passkeyEnrolmentMachine } from '../../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { passkeysActors } from './passkeys.actors';
import { suggestedPasskeyName } from './passkeys.messages';
import { passkeysQuery } from './passkeys.queries';
import { type PasskeysRead, PasskeysView } from './passkeys.view';

/** The passkeys section of the account page. */
export function PasskeysScreen() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQuery);
  const [supported] = useState(browserSupportsWebAuthn);
  const actor = useActorRef(
    passkeyEnrolmentMachine.provide({
      actors: passkeysActors,
      actions: {
        passkeysChanged: () => void queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
      },
    }),
    { input: { suggestedName: suggestedPasskeyName(i18n, navigator.userAgent) } },
  );
  const snapshot = useSelector(actor, (state) => state);
  const read: PasskeysRead = passkeys.isPending
    ? { status: 'pending' }
    : passkeys.isError
      ? { status: 'error', onRetry: () => void passkeys.refetch() }
      : { status: 'success', ...passkeys.data };
  return <PasskeysView snapshot={snapshot} send={actor.send} read={read} supported={supported} />;
}

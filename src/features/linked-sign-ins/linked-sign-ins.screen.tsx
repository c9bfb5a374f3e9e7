import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { linkedSignInsMachine } from '../../../machines/linkedSignIns/linkedSignIns.machine';
import { providerSignInConfig } from '../../lib/sign-in-providers';
import { textLink } from '../../theme/recipes/link';
import { linkedSignInsActors } from './linked-sign-ins.actors';
import { linkedSignInsQuery } from './linked-sign-ins.queries';
import { type LinkedSignInsRead, LinkedSignInsView } from './linked-sign-ins.view';

/** The linked sign-ins section of the account page. */
export function LinkedSignInsScreen() {
  const queryClient = useQueryClient();
  const { user } = useRouteContext({ from: '/_signedIn' });
  const linked = useQuery(linkedSignInsQuery);
  const [providers] = useState(() => providerSignInConfig().signInProviders);
  const actor = useActorRef(
    linkedSignInsMachine.provide({
      actors: linkedSignInsActors,
      actions: {
        signInsChanged: () => void queryClient.invalidateQueries({ queryKey: linkedSignInsQuery.queryKey }),
      },
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const read: LinkedSignInsRead = linked.isPending
    ? { status: 'pending' }
    : linked.isError
      ? { status: 'error', onRetry: () => void linked.refetch() }
      : { status: 'success', ...linked.data };
  return (
    <LinkedSignInsView
      snapshot={snapshot}
      send={actor.send}
      read={read}
      providers={providers}
      setPasswordLink={
        // A reset link mailed to the account's address sets its first password as it resets one.
        <Link to="/password/forgot" search={{ email: user.email }} className={textLink}>
          <Trans>Set a password</Trans>
        </Link>
      }
    />
  );
}

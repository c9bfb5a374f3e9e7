import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { authenticatorAppEnrolmentMachine } from '../../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import { config } from '../../lib/config';
import { downloadText } from '../../lib/download';
import { authenticatorAppActors } from './authenticator-app.actors';
import { recoveryCodesFileHeading } from './authenticator-app.messages';
import { secondFactorStatusQuery } from './authenticator-app.queries';
import { AuthenticatorAppView } from './authenticator-app.view';
import type { SecondFactorStatusRead } from './authenticator-app-status.view';

/** The two-step sign-in section of the account page. */
export function AuthenticatorAppScreen() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useRouteContext({ from: '/_signedIn' });
  const status = useQuery(secondFactorStatusQuery);
  const actor = useActorRef(
    authenticatorAppEnrolmentMachine.provide({
      actors: authenticatorAppActors,
      actions: {
        statusChanged: () => void queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery.queryKey }),
        // A browser may refuse the clipboard (no permission, not a secure context): the machine hears which.
        copyCodes: ({ self }, codes) => {
          const copied = navigator.clipboard?.writeText(codes.join('\n')) ?? Promise.reject();
          copied.then(
            () => self.send({ type: 'clipboard.copied' }),
            () => self.send({ type: 'clipboard.failed' }),
          );
        },
        downloadCodes: (_, codes) => {
          const heading = i18n._(recoveryCodesFileHeading(config.productName, user.email));
          downloadText(
            `${config.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`,
            `${heading}\n\n${codes.join('\n')}\n`,
          );
        },
      },
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const read: SecondFactorStatusRead = status.isPending
    ? { status: 'pending' }
    : status.isError
      ? { status: 'error', onRetry: () => void status.refetch() }
      : { status: 'success', ...status.data };
  return <AuthenticatorAppView snapshot={snapshot} send={actor.send} read={read} />;
}

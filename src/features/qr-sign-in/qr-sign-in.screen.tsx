import { useActorRef, useSelector } from '@xstate/react';
import type { SessionClaims } from '../../../contract/auth';
import { qrSignInMachine } from '../../../machines/qrSignIn/qrSignIn.machine';
import { config } from '../../lib/config';
import { createRequest, secondsClock, signInWithApproval, waitForAnswer } from './qr-sign-in.actors';
import { approvalLinkOf, QrSignInView } from './qr-sign-in.view';

/** The QR code on the sign-in page; loaded after the form, in a chunk of its own. */
export function QrSignInScreen({ onSignedIn }: { onSignedIn: (user: SessionClaims) => void }) {
  const origin = window.location.origin;
  const actor = useActorRef(
    qrSignInMachine.provide({
      actors: { createRequest, waitForAnswer, signIn: signInWithApproval, clock: secondsClock },
      actions: {
        // A browser may refuse the clipboard (no permission, not a secure context): the machine hears which.
        copyLink: ({ self }, { id }) => {
          const copied = navigator.clipboard?.writeText(approvalLinkOf(origin, id)) ?? Promise.reject();
          copied.then(
            () => self.send({ type: 'clipboard.copied' }),
            () => self.send({ type: 'clipboard.failed' }),
          );
        },
        completeSignIn: (_, user) => onSignedIn(user),
      },
    }),
    { input: { validitySeconds: config.qrLoginValiditySeconds } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return <QrSignInView snapshot={snapshot} send={actor.send} origin={origin} />;
}

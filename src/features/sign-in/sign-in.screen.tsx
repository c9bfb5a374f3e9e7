import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SecondFactorMethod, SessionClaims } from '../../../contract/auth';
import { signInMachine } from '../../../machines/signIn/signIn.machine';
import { flags } from '../../lib/config';
import { loadCatalog } from '../../lib/i18n';
import { textLink } from '../../theme/recipes/link';
import {
  askForPasskey,
  passkeyAutofill,
  passkeysSupported,
  signInWithPasskey,
  signInWithPassword,
} from './sign-in.actors';
import { SignInView } from './sign-in.view';

/**
 * The provider buttons and the QR code (with its library) load after the form, with their messages
 * (the visitor catalog, lingui.config.ts): the sign-in page's entry and catalog stay small.
 */
function withVisitorMessages<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return () => Promise.all([load(), loadCatalog('visitor')]).then(([module]) => module);
}
const FederatedSignInScreen = lazy(
  withVisitorMessages(() =>
    import('../federated-sign-in/federated-sign-in.screen').then((module) => ({
      default: module.FederatedSignInScreen,
    })),
  ),
);
const QrSignInScreen = lazy(
  withVisitorMessages(() =>
    import('../qr-sign-in/qr-sign-in.screen').then((module) => ({ default: module.QrSignInScreen })),
  ),
);

export function SignInScreen({
  loginHint,
  redirect,
  onSignedIn,
  onSecondFactorRequired,
}: {
  loginHint?: string;
  /** Where a sign-in through a provider leads afterwards (the server checks it). */
  redirect?: string;
  onSignedIn: (user: SessionClaims) => void;
  /** The password was right and the account asks for its second step, to be answered with one of these. */
  onSecondFactorRequired: (methods: SecondFactorMethod[]) => void;
}) {
  // The e-mail field's passkey suggestions start with the machine, and are cancelled with it (unmount).
  const actor = useActorRef(
    signInMachine.provide({
      actors: { signIn: signInWithPassword, passkeyAutofill, askForPasskey, signInWithPasskey },
      actions: {
        completeSignIn: (_, user) => onSignedIn(user),
        askForSecondFactor: (_, methods) => onSecondFactorRequired(methods),
      },
    }),
    { input: { email: loginHint } },
  );
  const snapshot = useSelector(actor, (state) => state);
  const [withPasskeys, setWithPasskeys] = useState(false);
  useEffect(() => {
    let current = true;
    passkeysSupported().then(
      (supported) => current && setWithPasskeys(supported),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return (
    <SignInView
      snapshot={snapshot}
      send={actor.send}
      passkeysSupported={withPasskeys}
      forgotPasswordLink={
        <Link to="/password/forgot" search={{ email: snapshot.context.email.trim() || undefined }} className={textLink}>
          <Trans>Forgot password?</Trans>
        </Link>
      }
      providerSignIn={
        <Suspense fallback={null}>
          <FederatedSignInScreen redirect={redirect} />
        </Suspense>
      }
      qrSignIn={
        flags.enableQrCodeLogin ? (
          <Suspense fallback={null}>
            <QrSignInScreen onSignedIn={onSignedIn} />
          </Suspense>
        ) : null
      }
      createAccountLink={
        <Link to="/create" className={textLink}>
          <Trans>Create account</Trans>
        </Link>
      }
    />
  );
}

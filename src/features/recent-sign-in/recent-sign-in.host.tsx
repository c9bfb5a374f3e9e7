import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setRecentSignInHandler } from '../../lib/api-client';
import type { RecentSignInActor } from './recent-sign-in.screen';

// The dialog, its machine, the passkey's browser code and the security catalog's messages load the
// first time a call needs them.
const loadScreen = () =>
  Promise.all([
    import('./recent-sign-in.screen'),
    import('../../lib/security-catalog').then((catalog) => catalog.loadSecurityCatalog()),
  ]).then(([module]) => module);
const RecentSignInScreen = lazy(() => loadScreen().then((module) => ({ default: module.RecentSignInScreen })));

/**
 * Mounted by the signed-in pages: while they are shown, a call answered 403 `recent_sign_in_required`
 * opens "Confirm it's you" here (one at a time: the API client has calls refused together share it),
 * and the call is made again once the machine ends confirmed. Leaving the signed-in pages cancels it.
 */
export function RecentSignInHost({ email, onSignInAgain }: { email: string; onSignInAgain: () => void }) {
  const [actor, setActor] = useState<RecentSignInActor | null>(null);
  const signInAgain = useRef(onSignInAgain);
  signInAgain.current = onSignInAgain;

  useEffect(() => {
    let open: RecentSignInActor | null = null;
    let mounted = true;
    setRecentSignInHandler(async (refusal) => {
      const { startRecentSignIn } = await loadScreen();
      if (!mounted) return false;
      const started = startRecentSignIn(refusal.payload, { signInAgain: () => signInAgain.current() });
      if (!started) return false;
      open = started.actor;
      setActor(started.actor);
      const confirmed = await started.confirmed;
      open = null;
      if (mounted) setActor(null);
      return confirmed;
    });
    return () => {
      mounted = false;
      setRecentSignInHandler(null);
      open?.send({ type: 'user.cancel' });
    };
  }, []);

  if (!actor) return null;
  return (
    <Suspense fallback={null}>
      <RecentSignInScreen actor={actor} email={email} />
    </Suspense>
  );
}

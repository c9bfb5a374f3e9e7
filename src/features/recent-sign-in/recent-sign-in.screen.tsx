import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import { type ActorRefFrom, createActor } from 'xstate';
import { RecentSignInRequired } from '../../../contract/recent-sign-in';
import { recentSignInMachine } from '../../../machines/recentSignIn/recentSignIn.machine';
import { recentSignInActors } from './recent-sign-in.actors';
import { RecentSignInView } from './recent-sign-in.view';

export type RecentSignInActor = ActorRefFrom<typeof recentSignInMachine>;

/**
 * Asks for one 403's proof: the machine's actor, started with the server's reason and methods, and
 * whether it ended confirmed (false when cancelled, or left to sign in again). Null for a 403 that
 * is not the contract's RecentSignInRequired: nothing to ask.
 */
export function startRecentSignIn(
  payload: unknown,
  effects: { signInAgain: () => void },
): { actor: RecentSignInActor; confirmed: Promise<boolean> } | null {
  const parsed = v.safeParse(RecentSignInRequired, payload);
  if (!parsed.success) return null;
  const required = parsed.output;
  const actor = createActor(
    recentSignInMachine.provide({ actors: recentSignInActors, actions: { signInAgain: effects.signInAgain } }),
  );
  const confirmed = new Promise<boolean>((resolve) => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      subscription.unsubscribe();
      resolve(snapshot.matches('confirmed'));
    });
  });
  actor.start();
  actor.send({ type: 'api.recentSignInRequired', reason: required.message, methods: required.methods });
  return { actor, confirmed };
}

/** The dialog of a started recent sign-in. */
export function RecentSignInScreen({ actor, email }: { actor: RecentSignInActor; email: string }) {
  const snapshot = useSelector(actor, (state) => state);
  return <RecentSignInView snapshot={snapshot} send={actor.send} email={email} />;
}

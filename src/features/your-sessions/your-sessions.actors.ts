import { fromPromise } from 'xstate';
import { signOutOtherSessions, signOutSession } from '../../../contract/calls/your-sessions';
import { callApi, explained } from '../../lib/api-client';

/** The calls of "Your sessions". */
export const yourSessionsActors = {
  signOutSession: fromPromise<void, { sessionId: string }>(async ({ input }) => {
    await explained(() => callApi(signOutSession, { params: { id: input.sessionId } }));
  }),
  signOutOtherSessions: fromPromise<{ signedOut: number }, void>(() =>
    explained(() => callApi(signOutOtherSessions, {})),
  ),
};

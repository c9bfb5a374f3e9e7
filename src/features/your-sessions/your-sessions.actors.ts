import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { SignOutOthersResponse } from '../../../contract/sessions';
import { SessionSignOutRefused } from '../../../machines/yourSessions/yourSessions.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** Signing one session out answers 204: there is no body to read. */
const NoContent = v.unknown();

/** The calls of "Your sessions". */
export const yourSessionsActors = {
  signOutSession: fromPromise<void, { sessionId: string }>(async ({ input }) => {
    await explained(
      () => apiRequest(api.accountSession(input.sessionId), { method: 'DELETE', schema: NoContent }),
      SessionSignOutRefused,
    );
  }),
  signOutOtherSessions: fromPromise<{ signedOut: number }, void>(() =>
    explained(
      () => apiRequest(api.otherAccountSessions, { method: 'DELETE', schema: SignOutOthersResponse }),
      SessionSignOutRefused,
    ),
  ),
};

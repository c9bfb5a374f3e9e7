import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import type { UnlinkSignInRequest } from '../../../contract/linked-sign-ins';
import { LinkedSignInRefused } from '../../../machines/linkedSignIns/linkedSignIns.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** Unlinking answers 204: there is no body to read. */
const NoContent = v.unknown();

/** The calls of "Linked sign-ins". */
export const linkedSignInsActors = {
  unlinkSignIn: fromPromise<void, UnlinkSignInRequest>(async ({ input }) => {
    await explained(
      () => apiRequest(api.linkedSignIns, { method: 'DELETE', body: input, schema: NoContent }),
      LinkedSignInRefused,
    );
  }),
};

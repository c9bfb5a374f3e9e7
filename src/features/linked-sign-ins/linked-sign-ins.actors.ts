import { fromPromise } from 'xstate';
import { unlinkSignIn } from '../../../contract/calls/linked-sign-ins';
import type { UnlinkSignInRequest } from '../../../contract/linked-sign-ins';
import { callApi, explained } from '../../lib/api-client';

/** The calls of "Linked sign-ins". */
export const linkedSignInsActors = {
  unlinkSignIn: fromPromise<void, UnlinkSignInRequest>(async ({ input }) => {
    await explained(() => callApi(unlinkSignIn, { body: input }));
  }),
};

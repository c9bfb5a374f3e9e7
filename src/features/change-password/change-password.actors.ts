import { fromPromise } from 'xstate';
import { changePassword as changePasswordCall } from '../../../contract/calls/password';
import { callApi, explained } from '../../lib/api-client';

/** PUT /api/password, or the server's refusal (a 401 signs out, as everywhere). */
export const changePassword = fromPromise<void, { currentPassword: string; newPassword: string }>(async ({ input }) => {
  await explained(() => callApi(changePasswordCall, { body: input }));
});

import { fromPromise } from 'xstate';
import { forgotPassword } from '../../../contract/calls/password';
import { callApi } from '../../lib/api-client';

/** POST /api/password/forgot: 202 with the neutral answer; any failure rejects. */
export const requestPasswordReset = fromPromise<void, { email: string }>(async ({ input }) => {
  await callApi(forgotPassword, { body: input });
});

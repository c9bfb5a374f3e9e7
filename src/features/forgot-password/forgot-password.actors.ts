import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { ForgotPasswordResponse } from '../../../contract/password';
import { apiRequest } from '../../lib/api-client';

/** POST /api/password/forgot: 202 with the neutral answer; any failure rejects. */
export const requestPasswordReset = fromPromise<void, { email: string }>(async ({ input }) => {
  await apiRequest(api.forgotPassword, { method: 'POST', body: input, schema: ForgotPasswordResponse });
});

import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { ErrorCode } from '../../../contract/errors';
import { ResetTokenStatus } from '../../../contract/password';
import { ResetPasswordError } from '../../../machines/resetPassword/resetPassword.machine';
import { ApiError, apiRequest } from '../../lib/api-client';

/** GET /api/password/reset/{token}: whether the link can still be used. */
export const checkResetToken = fromPromise<{ valid: boolean }, { token: string }>(async ({ input }) =>
  apiRequest(`${api.resetPassword}/${encodeURIComponent(input.token)}`, { schema: ResetTokenStatus }),
);

const ResetDone = v.object({ success: v.literal(true) });

/** POST /api/password/reset; a used, expired or unknown link becomes the machine's `invalidLink`. */
export const resetPassword = fromPromise<void, { token: string; password: string }>(async ({ input }) => {
  try {
    await apiRequest(api.resetPassword, { method: 'POST', body: input, schema: ResetDone });
  } catch (error) {
    if (error instanceof ApiError && error.body?.error === ErrorCode.invalidResetToken)
      throw new ResetPasswordError('invalidLink');
    if (error instanceof ApiError && error.body?.error === ErrorCode.passwordTooCommon)
      throw new ResetPasswordError('passwordTooCommon');
    throw new ResetPasswordError('unavailable');
  }
});

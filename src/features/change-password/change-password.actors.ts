import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { ErrorCode } from '../../../contract/errors';
import { ChangePasswordError } from '../../../machines/changePassword/changePassword.machine';
import { ApiError, apiRequest } from '../../lib/api-client';

const ChangeDone = v.object({ success: v.literal(true) });

/** PUT /api/password; refusals become the machine's failure codes (a 401 signs out, as everywhere). */
export const changePassword = fromPromise<void, { currentPassword: string; newPassword: string }>(async ({ input }) => {
  try {
    await apiRequest(api.changePassword, { method: 'PUT', body: input, schema: ChangeDone });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw new ChangePasswordError('currentPasswordIncorrect');
    if (error instanceof ApiError && error.status === 429) throw new ChangePasswordError('rateLimited');
    if (error instanceof ApiError && error.body?.error === ErrorCode.passwordTooCommon)
      throw new ChangePasswordError('passwordTooCommon');
    throw new ChangePasswordError('unavailable');
  }
});

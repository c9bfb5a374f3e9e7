import { fromPromise } from 'xstate';
import { changePassword as changePasswordCall } from '../../../contract/calls/password';
import { ErrorCode } from '../../../contract/errors';
import { ChangePasswordError } from '../../../machines/changePassword/changePassword.machine';
import { ApiError, callApi } from '../../lib/api-client';

/** PUT /api/password; refusals become the machine's failure codes (a 401 signs out, as everywhere). */
export const changePassword = fromPromise<void, { currentPassword: string; newPassword: string }>(async ({ input }) => {
  try {
    await callApi(changePasswordCall, { body: input });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw new ChangePasswordError('currentPasswordIncorrect');
    if (error instanceof ApiError && error.status === 429) throw new ChangePasswordError('rateLimited');
    if (error instanceof ApiError && error.body?.error === ErrorCode.passwordTooCommon)
      throw new ChangePasswordError('passwordTooCommon');
    throw new ChangePasswordError('unavailable');
  }
});

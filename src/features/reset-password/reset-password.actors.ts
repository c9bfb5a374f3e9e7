import { fromPromise } from 'xstate';
import { resetLinkStatus, resetPassword as resetPasswordCall } from '../../../contract/calls/password';
import { ErrorCode } from '../../../contract/errors';
import type { ResetPasswordRequest, ResetTokenStatus } from '../../../contract/password';
import { ResetPasswordError } from '../../../machines/resetPassword/resetPassword.machine';
import { ApiError, callApi } from '../../lib/api-client';

/** GET /api/password/reset/{token}: whether the link can still be used, and the sign-ins linked to its account. */
export const checkResetToken = fromPromise<ResetTokenStatus, { token: string }>(async ({ input }) =>
  callApi(resetLinkStatus, { params: { token: input.token } }),
);

/**
 * POST /api/password/reset, with `unlinkSignIns` when the machine offered it; a used, expired or
 * unknown link becomes the machine's `invalidLink`.
 */
export const resetPassword = fromPromise<void, ResetPasswordRequest>(async ({ input }) => {
  try {
    await callApi(resetPasswordCall, { body: input });
  } catch (error) {
    if (error instanceof ApiError && error.body?.error === ErrorCode.invalidResetToken)
      throw new ResetPasswordError('invalidLink');
    if (error instanceof ApiError && error.body?.error === ErrorCode.passwordTooCommon)
      throw new ResetPasswordError('passwordTooCommon');
    throw new ResetPasswordError('unavailable');
  }
});

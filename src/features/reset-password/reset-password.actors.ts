import { fromPromise } from 'xstate';
import { resetLinkStatus, resetPassword as resetPasswordCall } from '../../../contract/calls/password';
import type { ResetPasswordRequest, ResetTokenStatus } from '../../../contract/password';
import { callApi, explained } from '../../lib/api-client';

/** GET /api/password/reset/{token}: whether the link can still be used, and the sign-ins linked to its account. */
export const checkResetToken = fromPromise<ResetTokenStatus, { token: string }>(async ({ input }) =>
  callApi(resetLinkStatus, { params: { token: input.token } }),
);

/** POST /api/password/reset, with `unlinkSignIns` when the machine offered it, or the server's refusal. */
export const resetPassword = fromPromise<void, ResetPasswordRequest>(async ({ input }) => {
  await explained(() => callApi(resetPasswordCall, { body: input }));
});

import { fromPromise } from 'xstate';
import { approveQrSignIn, declineQrSignIn, getQrSignInRequest } from '../../../contract/calls/qr-sign-in';
import type { QrSignInDetails } from '../../../contract/qr-sign-in';
import { QrApprovalNeedsSignIn, QrApprovalRefused } from '../../../machines/qrApproval/qrApproval.machine';
import { ApiError, callApi } from '../../lib/api-client';

/**
 * A 401 means nobody is signed in on this device: the page offers sign-in rather than the app's
 * redirect. Other explained refusals carry the server's message.
 */
async function asApprover<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new QrApprovalNeedsSignIn();
    if (error instanceof ApiError && error.body) throw new QrApprovalRefused(error.body.message);
    throw error;
  }
}

/** GET /api/auth/qr/{id}: where the request comes from. */
export const loadRequest = fromPromise<QrSignInDetails, { id: string }>(({ input, signal }) =>
  asApprover(() => callApi(getQrSignInRequest, { params: { id: input.id }, expectUnauthorized: true, signal })),
);

/** POST …/approve with the picked number; a wrong one is refused (409), and the request declined. */
export const approveRequest = fromPromise<void, { id: string; number: number }>(async ({ input }) => {
  await asApprover(() =>
    callApi(approveQrSignIn, { params: { id: input.id }, body: { number: input.number }, expectUnauthorized: true }),
  );
});

export const declineRequest = fromPromise<void, { id: string }>(async ({ input }) => {
  await asApprover(() => callApi(declineQrSignIn, { params: { id: input.id }, expectUnauthorized: true }));
});

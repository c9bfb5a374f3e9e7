import { fromPromise } from 'xstate';
import { approveQrSignIn, declineQrSignIn, getQrSignInRequest } from '../../../contract/calls/qr-sign-in';
import type { QrSignInDetails } from '../../../contract/qr-sign-in';
import { callApi, explained } from '../../lib/api-client';

/**
 * GET /api/auth/qr/{id}: where the request comes from. Like the answers below, a 401 means nobody is
 * signed in on this device: the page offers sign-in rather than the app's redirect.
 */
export const loadRequest = fromPromise<QrSignInDetails, { id: string }>(({ input, signal }) =>
  explained(() => callApi(getQrSignInRequest, { params: { id: input.id }, expectUnauthorized: true, signal })),
);

/** POST …/approve with the picked number; a wrong one is refused (409), and the request declined. */
export const approveRequest = fromPromise<void, { id: string; number: number }>(async ({ input }) => {
  await explained(() =>
    callApi(approveQrSignIn, { params: { id: input.id }, body: { number: input.number }, expectUnauthorized: true }),
  );
});

export const declineRequest = fromPromise<void, { id: string }>(async ({ input }) => {
  await explained(() => callApi(declineQrSignIn, { params: { id: input.id }, expectUnauthorized: true }));
});

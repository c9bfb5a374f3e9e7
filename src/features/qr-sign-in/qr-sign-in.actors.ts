import { fromCallback, fromPromise } from 'xstate';
import type { SessionClaims } from '../../../contract/auth';
import { createQrSignIn, getQrSignInStatus, redeemQrSignIn } from '../../../contract/calls/qr-sign-in';
import {
  type CreateQrSignInRequest,
  maxStatusWaitSeconds,
  type QrSignInCreated,
  type QrSignInState,
} from '../../../contract/qr-sign-in';
import { QrSignInError } from '../../../machines/qrSignIn/qrSignIn.machine';
import { ApiError, callApi } from '../../lib/api-client';

const failureOf = (error: unknown) =>
  new QrSignInError(error instanceof ApiError && error.status === 429 ? 'rateLimited' : 'unavailable');

/** POST /api/auth/qr: a request of this browser's, whose key the server sets as an HttpOnly cookie. */
export const createRequest = fromPromise<QrSignInCreated, CreateQrSignInRequest>(async ({ input }) => {
  try {
    return await callApi(createQrSignIn, { body: input });
  } catch (error) {
    throw failureOf(error);
  }
});

/**
 * Asks for the request's state again and again, each time held by the server until it changes (or
 * for up to maxStatusWaitSeconds), until there is an answer. Stopped with the machine's state.
 */
export const waitForAnswer = fromPromise<Exclude<QrSignInState, 'waiting'>, { id: string }>(
  async ({ input, signal }) => {
    for (;;) {
      const { state } = await callApi(getQrSignInStatus, {
        params: { id: input.id },
        query: { wait: String(maxStatusWaitSeconds) },
        signal,
      });
      if (state !== 'waiting') return state;
    }
  },
);

/** POST …/session: the approved request becomes this browser's session. */
export const signInWithApproval = fromPromise<SessionClaims, { id: string }>(async ({ input }) => {
  try {
    const { user } = await callApi(redeemQrSignIn, { params: { id: input.id }, expectUnauthorized: true });
    return user;
  } catch (error) {
    throw failureOf(error);
  }
});

/** One `clock.tick` a second, for the code's countdown. */
export const secondsClock = fromCallback(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'clock.tick' }), 1000);
  return () => clearInterval(timer);
});

import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { type SessionClaims, SessionResponse } from '../../../contract/auth';
import {
  type CreateQrSignInRequest,
  maxStatusWaitSeconds,
  QrSignInCreated,
  type QrSignInState,
  QrSignInStatus,
} from '../../../contract/qr-sign-in';
import { QrSignInError } from '../../../machines/qrSignIn/qrSignIn.machine';
import { ApiError, apiRequest } from '../../lib/api-client';

const failureOf = (error: unknown) =>
  new QrSignInError(error instanceof ApiError && error.status === 429 ? 'rateLimited' : 'unavailable');

/** POST /api/auth/qr: a request of this browser's, whose key the server sets as an HttpOnly cookie. */
export const createRequest = fromPromise<QrSignInCreated, CreateQrSignInRequest>(async ({ input }) => {
  try {
    return await apiRequest(api.qrSignIn, { method: 'POST', body: input, schema: QrSignInCreated });
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
      const { state } = await apiRequest(`${api.qrSignInStatus(input.id)}?wait=${maxStatusWaitSeconds}`, {
        schema: QrSignInStatus,
        signal,
      });
      if (state !== 'waiting') return state;
    }
  },
);

/** POST …/session: the approved request becomes this browser's session. */
export const signInWithApproval = fromPromise<SessionClaims, { id: string }>(async ({ input }) => {
  try {
    const { user } = await apiRequest(api.qrSignInSession(input.id), {
      method: 'POST',
      schema: SessionResponse,
      expectUnauthorized: true,
    });
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

import { fromCallback, fromPromise } from 'xstate';
import type { SessionClaims } from '../../../contract/auth';
import { createQrSignIn, getQrSignInStatus, redeemQrSignIn } from '../../../contract/calls/qr-sign-in';
import {
  type CreateQrSignInRequest,
  maxStatusWaitSeconds,
  type QrSignInCreated,
  type QrSignInState,
} from '../../../contract/qr-sign-in';
import { callApi, explained } from '../../lib/api-client';

/** POST /api/auth/qr: a request of this browser's, whose key the server sets as an HttpOnly cookie. */
export const createRequest = fromPromise<QrSignInCreated, CreateQrSignInRequest>(({ input }) =>
  explained(() => callApi(createQrSignIn, { body: input })),
);

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
  const { user } = await explained(() =>
    callApi(redeemQrSignIn, { params: { id: input.id }, expectUnauthorized: true }),
  );
  return user;
});

/** One `clock.tick` a second, for the code's countdown. */
export const secondsClock = fromCallback(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'clock.tick' }), 1000);
  return () => clearInterval(timer);
});

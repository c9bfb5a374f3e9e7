import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { type SessionClaims, SessionResponse } from '../../../contract/auth';
import { SignInError } from '../../../machines/signIn/signIn.machine';
import { ApiError, apiRequest } from '../../lib/api-client';

/** POST /api/auth/login; refusals become the machine's failure codes. */
export const signInWithPassword = fromPromise<SessionClaims, { email: string; password: string }>(async ({ input }) => {
  try {
    const { user } = await apiRequest(api.login, {
      method: 'POST',
      body: input,
      schema: SessionResponse,
      expectUnauthorized: true,
    });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new SignInError('invalidCredentials');
    if (error instanceof ApiError && error.status === 429) throw new SignInError('rateLimited');
    throw new SignInError('unavailable');
  }
});

import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { LoginResponse } from '../../../contract/auth';
import { SignInError } from '../../../machines/signIn/signIn.machine';
import { ApiError, apiRequest } from '../../lib/api-client';

/** POST /api/auth/login: signed in, or the second step is asked for; refusals become the machine's failure codes. */
export const signInWithPassword = fromPromise<LoginResponse, { email: string; password: string }>(async ({ input }) => {
  try {
    return await apiRequest(api.login, {
      method: 'POST',
      body: input,
      schema: LoginResponse,
      expectUnauthorized: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new SignInError('invalidCredentials');
    if (error instanceof ApiError && error.status === 429) throw new SignInError('rateLimited');
    throw new SignInError('unavailable');
  }
});

import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { ServerRequestRefused } from '../../../machines/serverRequest/serverRequest.machine';
import { ApiError, apiRequest } from '../../lib/api-client';

/** POST /api/subscription/{id}/server {timeInterval}: 202, the server is set up later. */
export function serverRequestActors(referenceId: string) {
  return {
    requestServer: fromPromise<void, { timeInterval: string }>(async ({ input }) => {
      try {
        await apiRequest(api.requestServer(referenceId), { method: 'POST', body: input, schema: v.unknown() });
      } catch (error) {
        if (error instanceof ApiError && error.body) throw new ServerRequestRefused(error.body.message);
        throw error;
      }
    }),
  };
}

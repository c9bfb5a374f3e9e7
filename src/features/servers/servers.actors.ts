import { fromPromise } from 'xstate';
import { requestDedicatedServer } from '../../../contract/calls/team-keys';
import { ServerRequestRefused } from '../../../machines/serverRequest/serverRequest.machine';
import { ApiError, callApi } from '../../lib/api-client';

/** POST /api/subscription/{referenceId}/server {timeInterval}: 202, the server is set up later. */
export function serverRequestActors(referenceId: string) {
  return {
    requestServer: fromPromise<void, { timeInterval: string }>(async ({ input }) => {
      try {
        await callApi(requestDedicatedServer, { params: { referenceId }, body: input });
      } catch (error) {
        if (error instanceof ApiError && error.body) throw new ServerRequestRefused(error.body.message);
        throw error;
      }
    }),
  };
}

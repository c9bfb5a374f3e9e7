import { fromPromise } from 'xstate';
import { requestDedicatedServer } from '../../../contract/calls/servers';
import { callApi, explained } from '../../lib/api-client';

/**
 * POST /api/subscription/{referenceId}/server {timeInterval}: 202, the server is set up later.
 * `onRequested` follows an accepted request: the server now exists, in state requested.
 */
export function serverRequestActors(referenceId: string, onRequested: () => void) {
  return {
    requestServer: fromPromise<void, { timeInterval: string }>(async ({ input }) => {
      await explained(() => callApi(requestDedicatedServer, { params: { referenceId }, body: input }));
      onRequested();
    }),
  };
}

import { fromPromise } from 'xstate';
import {
  checkAllowedIps,
  createTeamApiKey,
  deleteTeamApiKey,
  setApiKeyAllowedIps,
} from '../../../contract/calls/api-keys';
import type { CidrValidationResponse, CreateApiKeyResponse } from '../../../contract/teams';
import type { CreateKeyInput, SaveIpsInput } from '../../../machines/apiKey/apiKey.machine';
import { callApi, explained } from '../../lib/api-client';

/** The calls of the API keys section of one subscription's team. */
export function apiKeyActors(referenceId: string) {
  return {
    validateIps: fromPromise<CidrValidationResponse, { allowedIPs: string[] }>(({ input, signal }) =>
      explained(() => callApi(checkAllowedIps, { body: input, signal })),
    ),
    createKey: fromPromise<CreateApiKeyResponse, CreateKeyInput>(({ input }) =>
      explained(() => callApi(createTeamApiKey, { params: { referenceId }, body: input })),
    ),
    saveIps: fromPromise<void, SaveIpsInput>(async ({ input }) => {
      await explained(() =>
        callApi(setApiKeyAllowedIps, {
          params: { referenceId, keyId: input.keyId },
          body: { allowedIPs: input.allowedIPs },
        }),
      );
    }),
    // docs/spec.md §9: 204 is success, any other answer's body is the error (its message when it has one).
    deleteKey: fromPromise<void, { keyId: string }>(async ({ input }) => {
      await explained(() => callApi(deleteTeamApiKey, { params: { referenceId, keyId: input.keyId } }));
    }),
    copyKey: fromPromise<void, { apiKey: string }>(({ input }) => navigator.clipboard.writeText(input.apiKey)),
  };
}

import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { CidrValidationResponse, CreateApiKeyResponse } from '../../../contract/teams';
import { ApiKeyRefused, type CreateKeyInput, type SaveIpsInput } from '../../../machines/apiKey/apiKey.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** The answers whose body the client does not read: a 204 has none. */
const NoContent = v.unknown();

/** The calls of the API keys section of one subscription's team. */
export function apiKeyActors(referenceId: string) {
  const keys = api.apiKeys(referenceId);
  return {
    validateIps: fromPromise<CidrValidationResponse, { allowedIPs: string[] }>(({ input, signal }) =>
      explained(
        () => apiRequest(api.cidrValidation, { method: 'POST', body: input, schema: CidrValidationResponse, signal }),
        ApiKeyRefused,
      ),
    ),
    createKey: fromPromise<CreateApiKeyResponse, CreateKeyInput>(({ input }) =>
      explained(() => apiRequest(keys, { method: 'POST', body: input, schema: CreateApiKeyResponse }), ApiKeyRefused),
    ),
    saveIps: fromPromise<void, SaveIpsInput>(async ({ input }) => {
      await explained(
        () =>
          apiRequest(`${keys}/${encodeURIComponent(input.keyId)}/allowedips`, {
            method: 'PUT',
            body: { allowedIPs: input.allowedIPs },
            schema: NoContent,
          }),
        ApiKeyRefused,
      );
    }),
    // Spec section 9: 204 is success, any other answer's body is the error (its message when it has one).
    deleteKey: fromPromise<void, { keyId: string }>(async ({ input }) => {
      await explained(
        () => apiRequest(`${keys}/${encodeURIComponent(input.keyId)}`, { method: 'DELETE', schema: NoContent }),
        ApiKeyRefused,
      );
    }),
    copyKey: fromPromise<void, { apiKey: string }>(({ input }) => navigator.clipboard.writeText(input.apiKey)),
  };
}

import type * as apiKeyCalls from '../../contract/calls/api-keys';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';
import { checkAllowedIps } from '../services/teams/allowed-ips';
import { createApiKeys } from '../services/teams/api-keys';

/** The handlers of contract/calls/api-keys.ts: a team's API keys and the allow-list check (docs/spec.md §7). */
export function apiKeysHandlers(services: AppServices): Routes<typeof apiKeyCalls> {
  const apiKeys = createApiKeys(services.db, services.now);
  return {
    checkAllowedIps: async (c) => ({ status: 200, body: checkAllowedIps(c.req.valid('json').allowedIPs) }),
    createTeamApiKey: async (c) => ({
      status: 201,
      body: await apiKeys.create(callerOf(c), c.req.valid('param').referenceId, c.req.valid('json')),
    }),
    deleteTeamApiKey: async (c) => {
      const { referenceId, keyId } = c.req.valid('param');
      await apiKeys.delete(callerOf(c), referenceId, keyId);
      return { status: 204 };
    },
    setApiKeyAllowedIps: async (c) => {
      const { referenceId, keyId } = c.req.valid('param');
      const { allowedIPs } = c.req.valid('json');
      return { status: 200, body: await apiKeys.updateAllowedIps(callerOf(c), referenceId, keyId, allowedIPs) };
    },
  };
}

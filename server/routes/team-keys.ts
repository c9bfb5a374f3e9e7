import type * as teamKeysCalls from '../../contract/calls/team-keys';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';
import { checkAllowedIps } from '../services/teams/allowed-ips';
import { createApiKeys } from '../services/teams/api-keys';
import { createServers } from '../services/teams/servers';

/**
 * The handlers of the calls declared in contract/calls/team-keys.ts: a team's API keys and
 * servers, a dedicated server's request and the allow-list check (docs/spec.md §7).
 */
export function teamKeysHandlers(services: AppServices): Routes<typeof teamKeysCalls> {
  const { db, now } = services;
  const apiKeys = createApiKeys(db, now);
  const servers = createServers(db, now);
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
    requestDedicatedServer: async (c) => {
      await servers.requestServer(callerOf(c), c.req.valid('param').referenceId, c.req.valid('json').timeInterval);
      return { status: 202, body: { success: true } };
    },
    listTeamServers: async (c) => ({
      status: 200,
      body: { servers: await servers.teamServers(callerOf(c), c.req.valid('param').teamId) },
    }),
    listPrivateServers: async (c) => ({ status: 200, body: { servers: await servers.privateServers(callerOf(c)) } }),
  };
}

import type * as serverCalls from '../../contract/calls/servers';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';
import { createServers } from '../services/teams/servers';

/**
 * The handlers of contract/calls/servers.ts: a team's servers, a person's private servers and a
 * dedicated server's request (docs/spec.md §7).
 */
export function serversHandlers(services: AppServices): Routes<typeof serverCalls> {
  const servers = createServers(services.db, services.now);
  return {
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

import type { Context } from 'hono';
import type * as teamApiCalls from '../../contract/calls/team-api';
import { teamApiLimits } from '../../contract/teams';
import type { Routes } from '../http/calls';
import { type AppEnv, clientAddressOf } from '../http/middleware';
import { loggableRoute } from '../logger';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import { spendRateLimits } from '../services/rate-limit';
import { apiKeyRefusalFailures, createApiKeys } from '../services/teams/api-keys';
import { createServers } from '../services/teams/servers';

/**
 * The handlers of the calls declared in contract/calls/team-api.ts: read-only answers for a team's
 * API key in `x-api-key`, from an address its allow-list admits, at most teamApiLimits.perKey uses
 * a minute. No session.
 */
export function teamApiHandlers({ db, now, env, rateLimiter, logger }: AppServices): Routes<typeof teamApiCalls> {
  const apiKeys = createApiKeys(db, now);
  const servers = createServers(db, now);

  /** The team of the request's key, once the key is admitted and its use counted. */
  async function teamOfKey(c: Context<AppEnv>): Promise<number> {
    const clientAddress = clientAddressOf(c, env);
    const checked = await apiKeys.authenticate(c.req.header('x-api-key'), clientAddress);
    if ('refused' in checked) {
      // The key's id, never the key: a refused key may still be someone's working secret.
      securityEvent(logger, {
        event: 'apiKey.refused',
        clientAddress,
        reason: checked.refused,
        keyId: checked.key?.id,
        teamId: checked.key?.teamId,
        route: loggableRoute(c),
      });
      throw apiKeyRefusalFailures[checked.refused]();
    }
    const { key } = checked;
    await spendRateLimits(rateLimiter, [[teamApiLimits.perKey, key.id]]);
    c.header('Cache-Control', 'no-store');
    return key.teamId;
  }

  return {
    readIntegratorTeam: async (c) => ({ status: 200, body: await apiKeys.team(await teamOfKey(c)) }),
    listIntegratorTeamMembers: async (c) => ({
      status: 200,
      body: { members: await apiKeys.members(await teamOfKey(c)) },
    }),
    listIntegratorTeamServers: async (c) => ({
      status: 200,
      body: { servers: await servers.serversOfTeam(await teamOfKey(c)) },
    }),
  };
}

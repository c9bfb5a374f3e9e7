import { type Context, Hono } from 'hono';
import type * as teamApiCalls from '../../contract/calls/team-api';
import type { ServerList, TeamApiMembers, TeamApiTeam } from '../../contract/teams';
import type { Routes } from '../http/calls';
import type { AppEnv } from '../http/middleware';
import { clientAddressOf } from '../http/middleware';
import { loggableRoute } from '../logger';
import { securityEvent } from '../security-events';
import type { AppServices } from '../services/index';
import type { RateLimitRule } from '../services/rate-limit';
import { spendRateLimits } from '../services/rate-limit';
import { apiKeyRefusalFailures, createApiKeys } from '../services/teams/api-keys';
import { createServers } from '../services/teams/servers';

export const teamApiLimits = {
  perKey: { name: 'team-api:key', limit: 60, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * The team API (mounted at api.teamApi): read-only answers for a team's API key in `x-api-key`,
 * from an address its allow-list admits, at most teamApiLimits.perKey uses a minute. No session.
 */
export function teamApiRoutes({ db, now, env, rateLimiter, logger }: AppServices) {
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

  return new Hono<AppEnv>()
    .get('/', async (c) => c.json((await apiKeys.team(await teamOfKey(c))) satisfies TeamApiTeam, 200))
    .get('/members', async (c) =>
      c.json({ members: await apiKeys.members(await teamOfKey(c)) } satisfies TeamApiMembers, 200),
    )
    .get('/servers', async (c) =>
      c.json({ servers: await servers.serversOfTeam(await teamOfKey(c)) } satisfies ServerList, 200),
    );
}

/** The handlers of the calls declared in contract/calls/team-api.ts. */
export function teamApiHandlers(_services: AppServices): Routes<typeof teamApiCalls> {
  return {};
}

import { Hono } from 'hono';
import { api } from '../../contract/api';
import type * as teamKeysCalls from '../../contract/calls/team-keys';
import {
  CidrValidationRequest,
  type CidrValidationResponse,
  CreateApiKeyRequest,
  RequestServerRequest,
  UpdateAllowedIpsRequest,
} from '../../contract/teams';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, requireSession, validateJson } from '../http/middleware';
import { requireRecentSignIn } from '../http/recent-sign-in';
import type { AppServices } from '../services/index';
import { commonRefusals } from '../services/refusal';
import { validateAllowedIps } from '../services/teams/allowed-ips';
import { createApiKeys } from '../services/teams/api-keys';
import { createServers } from '../services/teams/servers';

/**
 * A team's API keys and servers, a dedicated server's request and the allow-list check (spec
 * section 7), each path as the route table names it.
 */
export function teamKeyRoutes(services: AppServices) {
  const { db, now } = services;
  const apiKeys = createApiKeys(db, now);
  const servers = createServers(db, now);
  const subscriptionPath = '/api/subscription/:id';

  return new Hono<AppEnv>()
    .post(api.cidrValidation, requireSession(), validateJson(CidrValidationRequest), (c) => {
      const entries = validateAllowedIps(bodyOf(c, CidrValidationRequest).allowedIPs);
      return c.json({ valid: entries.every((entry) => entry.valid), entries } satisfies CidrValidationResponse, 200);
    })
    .post(
      `${subscriptionPath}/apiKey`,
      requireSession(),
      requireRecentSignIn(services),
      validateJson(CreateApiKeyRequest),
      async (c) => {
        const request = bodyOf(c, CreateApiKeyRequest);
        return c.json(await apiKeys.create(callerOf(c), c.req.param('id'), request), 201);
      },
    )
    .delete(`${subscriptionPath}/apiKey/:keyId`, requireSession(), async (c) => {
      await apiKeys.delete(callerOf(c), c.req.param('id'), c.req.param('keyId'));
      return c.body(null, 204);
    })
    .put(
      `${subscriptionPath}/apiKey/:keyId/allowedips`,
      requireSession(),
      validateJson(UpdateAllowedIpsRequest),
      async (c) => {
        const { allowedIPs } = bodyOf(c, UpdateAllowedIpsRequest);
        return c.json(
          await apiKeys.updateAllowedIps(callerOf(c), c.req.param('id'), c.req.param('keyId'), allowedIPs),
          200,
        );
      },
    )
    .post(`${subscriptionPath}/server`, requireSession(), validateJson(RequestServerRequest), async (c) => {
      const { timeInterval } = bodyOf(c, RequestServerRequest);
      await servers.requestServer(callerOf(c), c.req.param('id'), timeInterval);
      return c.json({ success: true as const }, 202);
    })
    .get('/api/teams/servers/:teamId', requireSession(), async (c) => {
      const teamId = c.req.param('teamId');
      if (!/^\d{1,9}$/.test(teamId)) throw commonRefusals.notFound();
      return c.json({ servers: await servers.teamServers(callerOf(c).userId, Number(teamId)) }, 200);
    })
    .get(api.privateServers, requireSession(), async (c) => {
      return c.json({ servers: await servers.privateServers(callerOf(c).userId) }, 200);
    });
}

/** The handlers of the calls declared in contract/calls/team-keys.ts. */
export function teamKeysHandlers(_services: AppServices): Routes<typeof teamKeysCalls> {
  return {};
}

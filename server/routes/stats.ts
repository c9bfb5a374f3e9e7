import type { Context, MiddlewareHandler } from 'hono';
import type * as statsCalls from '../../contract/calls/stats';
import { ErrorCode } from '../../contract/errors';
import { StatsBatch, StatsMessage, statsSignatureHeaders } from '../../contract/stats';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import type { AppEnv } from '../http/middleware';
import { signedJsonBodyOf } from '../http/signed-body';
import type { AppServices } from '../services/index';
import { Refusal } from '../services/refusal';
import { storeBatch } from '../services/stats/ingestion';
import { readNetStats, readTeamTunnelStats, readTunnelStats } from '../services/stats/usage-stats';

const ingestRefusals = {
  off: () => new Refusal(ErrorCode.ingestionOff, StatsMessage.ingestionOff),
  invalidSignature: () => new Refusal(ErrorCode.invalidSignature, StatsMessage.signatureInvalid),
  stale: () => new Refusal(ErrorCode.staleEvent, StatsMessage.signatureStale),
};

/** Usage statistics (issue 12): the six stats calls (a session) and the VPN servers' signed batches. */
export function statsHandlers(services: AppServices): Routes<typeof statsCalls> {
  const { db, env, now } = services;

  /**
   * The batch's signature over its exact bytes, checked before anything of it is read (the body's
   * schema after it, as every call's).
   */
  const signedBatch: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (env.statsIngestSecret === null) throw ingestRefusals.off();
    await signedJsonBodyOf(c, {
      secret: env.statsIngestSecret,
      headers: statsSignatureHeaders,
      schema: StatsBatch,
      now: now(),
      refusals: ingestRefusals,
    });
    await next();
  };

  return {
    readIndividualTunnelStats: async (c) =>
      answer(c, await readTunnelStats(db, callerOf(c), { kind: 'individual' }, c.req.valid('query'))),
    readIndividualNetStats: async (c) =>
      answer(c, await readNetStats(db, callerOf(c), { kind: 'individual' }, c.req.valid('query'))),
    readTeamTunnelStats: async (c) =>
      answer(c, await readTeamTunnelStats(db, callerOf(c), c.req.valid('param').teamId, c.req.valid('query'))),
    readTeamNetStats: async (c) =>
      answer(
        c,
        await readNetStats(
          db,
          callerOf(c),
          { kind: 'team', teamId: c.req.valid('param').teamId },
          c.req.valid('query'),
        ),
      ),
    readDeviceTunnelStats: async (c) => {
      const { device, ...range } = c.req.valid('query');
      return answer(c, await readTunnelStats(db, callerOf(c), { kind: 'device', deviceUuid: device }, range));
    },
    readDeviceNetStats: async (c) => {
      const { device, ...range } = c.req.valid('query');
      return answer(c, await readNetStats(db, callerOf(c), { kind: 'device', deviceUuid: device }, range));
    },
    ingestStatsBatch: {
      guards: [signedBatch],
      handle: async (c) => {
        // The bytes the signature was checked over (read once, kept by the request).
        const receipt = await storeBatch(db, c.req.valid('json'), await c.req.text(), now());
        return receipt.stored ? { status: 201, body: receipt } : { status: 200, body: receipt };
      },
    },
  };
}

/** Statistics are personal and change by the minute: never kept by a cache. */
function answer<Body>(c: Context<AppEnv>, body: Body): { status: 200; body: Body } {
  c.header('Cache-Control', 'no-store');
  return { status: 200, body };
}

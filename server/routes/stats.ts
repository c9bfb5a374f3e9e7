import { type Context, Hono } from 'hono';
import { api } from '../../contract/api';
import type * as statsCalls from '../../contract/calls/stats';
import { ErrorCode } from '../../contract/errors';
import {
  DeviceStatsQuery,
  type NetStats,
  StatsBatch,
  type StatsBatchReceipt,
  StatsMessage,
  StatsRangeQuery,
  statsSignatureHeaders,
  type TeamTunnelStats,
  type TunnelStats,
} from '../../contract/stats';
import type { Routes } from '../http/calls';
import { type AppEnv, queryOf, requireSession, sessionOf, validateQuery } from '../http/middleware';
import { signedJsonBodyOf } from '../http/signed-body';
import type { AppServices } from '../services/index';
import { Refusal } from '../services/refusal';
import { storeBatch } from '../services/stats/ingestion';
import {
  deviceScope,
  individualScope,
  netStats,
  teamScope,
  teamTunnelStats,
  tunnelStats,
} from '../services/stats/usage-stats';

const ingestRefusals = {
  off: () => new Refusal(ErrorCode.ingestionOff, StatsMessage.ingestionOff),
  invalidSignature: () => new Refusal(ErrorCode.invalidSignature, StatsMessage.signatureInvalid),
  stale: () => new Refusal(ErrorCode.staleEvent, StatsMessage.signatureStale),
  idReused: () => new Refusal(ErrorCode.batchIdReused, StatsMessage.batchIdReused),
};

/** The six stats calls (a session) and the VPN servers' signed ingestion, mounted at the root. */
export function statsRoutes(services: AppServices) {
  const { db, env, now } = services;
  return new Hono<AppEnv>()
    .get(api.individualTunnelStats, requireSession(), validateQuery(StatsRangeQuery), async (c) => {
      const scope = await individualScope(db, userOf(c));
      return answer(c, (await tunnelStats(db, scope, queryOf(c, StatsRangeQuery))) satisfies TunnelStats);
    })
    .get(api.individualNetStats, requireSession(), validateQuery(StatsRangeQuery), async (c) => {
      const scope = await individualScope(db, userOf(c));
      return answer(c, (await netStats(db, scope, queryOf(c, StatsRangeQuery))) satisfies NetStats);
    })
    .get('/api/stats/team-tunnel-stats/:teamId', requireSession(), validateQuery(StatsRangeQuery), async (c) => {
      const scope = await teamScope(db, userOf(c), teamIdOf(c));
      return answer(c, (await teamTunnelStats(db, scope, queryOf(c, StatsRangeQuery))) satisfies TeamTunnelStats);
    })
    .get('/api/stats/team-net-stats/:teamId', requireSession(), validateQuery(StatsRangeQuery), async (c) => {
      const scope = await teamScope(db, userOf(c), teamIdOf(c));
      return answer(c, (await netStats(db, scope, queryOf(c, StatsRangeQuery))) satisfies NetStats);
    })
    .get(api.deviceTunnelStats, requireSession(), validateQuery(DeviceStatsQuery), async (c) => {
      const { device, ...range } = queryOf(c, DeviceStatsQuery);
      const scope = await deviceScope(db, userOf(c), device);
      return answer(c, (await tunnelStats(db, scope, range)) satisfies TunnelStats);
    })
    .get(api.deviceNetStats, requireSession(), validateQuery(DeviceStatsQuery), async (c) => {
      const { device, ...range } = queryOf(c, DeviceStatsQuery);
      const scope = await deviceScope(db, userOf(c), device);
      return answer(c, (await netStats(db, scope, range)) satisfies NetStats);
    })
    .post(api.statsIngest, async (c) => {
      if (env.statsIngestSecret === null) throw ingestRefusals.off();
      const { value: batch, text: body } = await signedJsonBodyOf(c, {
        secret: env.statsIngestSecret,
        headers: statsSignatureHeaders,
        schema: StatsBatch,
        now: now(),
        refusals: ingestRefusals,
      });
      const outcome = await storeBatch(db, batch, body, now());
      if (outcome === 'idReused') throw ingestRefusals.idReused();
      const receipt: StatsBatchReceipt = {
        batchId: batch.batchId,
        stored: outcome === 'stored',
        tunnelEvents: batch.tunnelEvents.length,
        netSamples: batch.netSamples.length,
      };
      return c.json(receipt, outcome === 'stored' ? 201 : 200);
    });
}

function userOf(c: Context<AppEnv>): string {
  return sessionOf(c).claims.sub;
}

/** A team id that is not a whole number names no team the person may see: 403 as for any other. */
function teamIdOf(c: Context<AppEnv>): number {
  const teamId = c.req.param('teamId') ?? '';
  if (!/^\d{1,9}$/.test(teamId)) throw new Refusal(ErrorCode.forbidden, StatsMessage.notYours);
  return Number(teamId);
}

/** Statistics are personal and change by the minute: never kept by a cache. */
function answer<Body extends object>(c: Context<AppEnv>, body: Body) {
  c.header('Cache-Control', 'no-store');
  return c.json(body, 200);
}

/** The handlers of the calls declared in contract/calls/stats.ts. */
export function statsHandlers(_services: AppServices): Routes<typeof statsCalls> {
  return {};
}

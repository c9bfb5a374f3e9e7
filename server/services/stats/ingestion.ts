import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import { type StatsBatch, type StatsBatchReceipt, StatsMessage } from '../../../contract/stats';
import type { Database } from '../../db/database';
import { devices, servers, statsBatches } from '../../db/schema';
import { commonRefusals, Refusal } from '../refusal';
import { insertNetSamples, insertTunnelEvents } from './usage-store';

/** Samples may be stamped this far ahead of the portal's clock (the signature allows the same skew). */
const futureToleranceMs = 5 * 60 * 1000;

type BatchOutcome = 'stored' | 'alreadyStored' | 'idReused';

/**
 * Stores one VPN server's batch, read from `body` (its exact bytes), whole or not at all. The same
 * batch posted again is stored once (`stored: false` the second time); its id with another body is
 * refused.
 */
export async function storeBatch(db: Database, batch: StatsBatch, body: string, now: Date): Promise<StatsBatchReceipt> {
  const outcome = await storeOnce(db, batch, body, now);
  if (outcome === 'idReused') throw new Refusal(ErrorCode.batchIdReused, StatsMessage.batchIdReused);
  return {
    batchId: batch.batchId,
    stored: outcome === 'stored',
    tunnelEvents: batch.tunnelEvents.length,
    netSamples: batch.netSamples.length,
  };
}

/**
 * The batch id is taken first, in the same transaction: a second post of the batch waits on its key
 * and then finds it taken, so nothing doubles; any refusal rolls the id back with the rows.
 */
async function storeOnce(db: Database, batch: StatsBatch, body: string, now: Date): Promise<BatchOutcome> {
  const latest = now.getTime() + futureToleranceMs;
  refuseFirst(
    [
      ...batch.tunnelEvents.map((event, index) => event.at.getTime() > latest && `tunnelEvents.${index}.at`),
      ...batch.netSamples.map((sample, index) => sample.at.getTime() > latest && `netSamples.${index}.at`),
    ],
    StatsMessage.inTheFuture,
  );
  const bodySha256 = createHash('sha256').update(body).digest('hex');

  return db.transaction(async (tx) => {
    const [server] = await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, batch.serverId));
    if (!server) throw commonRefusals.validation(`serverId: ${StatsMessage.unknownServer}`);
    const taken = await tx
      .insert(statsBatches)
      .values({
        batchId: batch.batchId,
        serverId: batch.serverId,
        bodySha256,
        tunnelEvents: batch.tunnelEvents.length,
        netSamples: batch.netSamples.length,
      })
      .onConflictDoNothing()
      .returning({ batchId: statsBatches.batchId });
    if (taken.length === 0) {
      const [earlier] = await tx
        .select({ bodySha256: statsBatches.bodySha256 })
        .from(statsBatches)
        .where(eq(statsBatches.batchId, batch.batchId));
      return earlier?.bodySha256 === bodySha256 ? 'alreadyStored' : 'idReused';
    }

    const named = [...new Set([...batch.tunnelEvents, ...batch.netSamples].map((row) => row.device))];
    const known = new Set(
      (await tx.select({ id: devices.deviceUuid }).from(devices).where(inArray(devices.deviceUuid, named))).map(
        (row) => row.id,
      ),
    );
    refuseFirst(
      [
        ...batch.tunnelEvents.map((event, index) => !known.has(event.device) && `tunnelEvents.${index}.device`),
        ...batch.netSamples.map((sample, index) => !known.has(sample.device) && `netSamples.${index}.device`),
      ],
      StatsMessage.unknownDevice,
    );

    await insertTunnelEvents(tx, batch.serverId, batch.tunnelEvents);
    await insertNetSamples(tx, batch.serverId, batch.netSamples);
    return 'stored';
  });
}

/** A 400 naming the first offending row, as the contract's validation does. */
function refuseFirst(paths: (string | false)[], message: string) {
  const first = paths.find((path) => path !== false);
  if (first) throw commonRefusals.validation(`${first}: ${message}`);
}

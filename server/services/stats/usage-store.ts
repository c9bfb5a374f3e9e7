import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Transaction } from '../billing/ledger-core';

/**
 * Writing usage statistics: one statement per kind of row, from a JSON array (one parameter
 * whatever the batch size, the same on PGlite and PostgreSQL). Ingestion, the demo generator and
 * the benchmark all write through here, so the rollups always match the samples.
 */

export type Writer = Database | Transaction;

export type TunnelEventRow = { at: Date; device: string; type: 'connect' | 'disconnect' };
export type NetSampleRow = { at: Date; device: string; intervalSeconds: number; rxBytes: number; txBytes: number };

/** The rollup widths (migration 0018): five minutes and an hour. */
const rollupSeconds = [300, 3600] as const;

export async function insertTunnelEvents(db: Writer, serverId: string | null, events: TunnelEventRow[]) {
  if (events.length === 0) return;
  await db.execute(sql`
    insert into tunnel_events (device_uuid, server_id, at, type)
    select r.device, ${serverId}::uuid, r.at, r.type
    from json_to_recordset(${JSON.stringify(events)}::json) as r(device uuid, at timestamptz, type text)`);
}

/** Stores the samples and adds them to their five-minute and hourly rollups, in one statement. */
export async function insertNetSamples(db: Writer, serverId: string | null, samples: NetSampleRow[]) {
  if (samples.length === 0) return;
  await db.execute(sql`
    with inserted as (
      insert into net_samples (device_uuid, server_id, at, interval_seconds, rx_bytes, tx_bytes)
      select r.device, ${serverId}::uuid, r.at, r."intervalSeconds", r."rxBytes", r."txBytes"
      from json_to_recordset(${JSON.stringify(samples)}::json)
        as r(device uuid, at timestamptz, "intervalSeconds" integer, "rxBytes" bigint, "txBytes" bigint)
      returning device_uuid, at, rx_bytes, tx_bytes
    )
    insert into net_rollups (device_uuid, bucket_seconds, bucket_start, rx_bytes, tx_bytes)
    select i.device_uuid, w.seconds, date_bin(make_interval(secs => w.seconds), i.at, timestamptz '1970-01-01Z'),
      sum(i.rx_bytes), sum(i.tx_bytes)
    from inserted i cross join unnest(${`{${rollupSeconds.join(',')}}`}::int[]) as w(seconds)
    group by 1, 2, 3
    on conflict (device_uuid, bucket_seconds, bucket_start) do update
      set rx_bytes = net_rollups.rx_bytes + excluded.rx_bytes, tx_bytes = net_rollups.tx_bytes + excluded.tx_bytes`);
}

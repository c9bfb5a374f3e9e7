import * as v from 'valibot';

/**
 * Usage statistics (docs/spec.md §3 and §7; issue 12): tunnel events and traffic of linked devices,
 * reported by the VPN servers in signed batches and read as tables. Buckets, limits and the
 * signature: docs/decisions/0008-usage-stats.md.
 */

export const StatsMessage = {
  rangeMissing: 'Give the range as from and to, ISO times such as 2026-11-01T00:00:00Z.',
  rangeMalformed: 'from and to must be ISO times with a time zone, such as 2026-11-01T00:00:00Z.',
  rangeReversed: 'The range must end after it starts: to must be later than from.',
  rangeTooLong: 'The range can be at most a year (366 days) long.',
  deviceMissing: 'Give the device as its id (a UUID).',
  notYours: 'You cannot see the statistics of this device or team.',
  batchIdInvalid: 'batchId must be 1 to 100 letters, digits, dots, colons, underscores or hyphens.',
  batchTooLarge: 'A batch holds at most 500 tunnel events and 500 net samples.',
  batchEmpty: 'A batch holds at least one tunnel event or net sample.',
  timeInvalid: 'at must be an ISO time with a time zone.',
  bytesInvalid: 'rxBytes and txBytes must be whole numbers of bytes, 0 or more.',
  intervalInvalid: 'intervalSeconds must be a whole number from 1 to 3600.',
  unknownDevice: 'There is no linked device with this id.',
  unknownServer: 'There is no server with this id.',
  inTheFuture: 'at lies in the future.',
  signatureInvalid: 'The batch signature is not valid.',
  signatureStale: 'The batch timestamp is more than five minutes away from now. Check the clock and sign it again.',
  batchIdReused: 'This batch id was taken by a different batch; nothing was stored.',
  ingestionOff: 'Statistics ingestion is not configured on this portal (STATS_INGEST_SECRET).',
} as const;

/** The longest range a stats call answers: a year, leap years included. */
const maxStatsRangeSeconds = 366 * 24 * 3600;
/** The tunnel stats list at most this many connect rows: the latest of the range. */
export const maxConnectRows = 1000;
/** Rows of each kind in a batch (a body over 64 KB is refused with 413 before it is read). */
export const maxBatchRows = 500;
/** Ingestion signature: `v1=` hex HMAC-SHA256 of `${timestamp}.${body}` with STATS_INGEST_SECRET. */
export const statsSignatureHeaders = { timestamp: 'x-stats-timestamp', signature: 'x-stats-signature' } as const;

/** An ISO time with a zone (Z or ±hh:mm); seconds and fractions optional. */
const isoTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Date parsing rolls 30 February over into March; a calendar date it is not. */
function isCalendarDate(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const IsoTime = (missing: string, malformed: string) =>
  v.pipe(
    v.optional(v.string(missing), ''),
    v.nonEmpty(missing),
    v.regex(isoTimePattern, malformed),
    v.check(isCalendarDate, malformed),
    v.transform((value) => new Date(value)),
    v.check((date) => !Number.isNaN(date.getTime()), malformed),
  );

const DeviceId = v.pipe(
  v.optional(v.string(StatsMessage.deviceMissing), ''),
  v.uuid(StatsMessage.deviceMissing),
  v.toLowerCase(),
);

const rangeEntries = {
  from: IsoTime(StatsMessage.rangeMissing, StatsMessage.rangeMalformed),
  to: IsoTime(StatsMessage.rangeMissing, StatsMessage.rangeMalformed),
};

/**
 * Query of the individual and team calls: from and to, ISO. That to is after from, and at most a
 * year later, is checked next (statsRangeProblem): a call's query is a plain object.
 */
export const StatsRangeQuery = v.object(rangeEntries);
export type StatsRange = v.InferOutput<typeof StatsRangeQuery>;

/** Query of the device calls: the range and the device. */
export const DeviceStatsQuery = v.object({ ...rangeEntries, device: DeviceId });

/** What is wrong with a range whose ends are valid times, or null: to must be after from, at most a year later. */
export function statsRangeProblem(range: StatsRange): string | null {
  if (range.to <= range.from) return StatsMessage.rangeReversed;
  if (range.to.getTime() - range.from.getTime() > maxStatsRangeSeconds * 1000) return StatsMessage.rangeTooLong;
  return null;
}

const StatsColumn = v.object({ name: v.string() });

/** Tunnel stats: connect rows, ordered time, type, device, user, userid, server, serverIsPrivate. */
export const connectColumns = ['time', 'type', 'device', 'user', 'userid', 'server', 'serverIsPrivate'] as const;
/** Net stats: per bucket, the bytes received and sent (all zero in a bucket without samples). */
export const netColumns = ['time', 'rxBytes', 'txBytes'] as const;

const ConnectRow = v.tuple([
  v.string(),
  v.picklist(['connect', 'disconnect']),
  v.string(),
  v.string(),
  v.string(),
  v.nullable(v.string()),
  v.boolean(),
]);

export const TunnelStats = v.object({
  columns: v.array(StatsColumn),
  rows: v.array(ConnectRow),
  /** More events lay in the range than maxConnectRows: the rows are the latest of them. */
  truncated: v.boolean(),
});
export type TunnelStats = v.InferOutput<typeof TunnelStats>;

const StatsDevice = v.object({
  deviceUUID: v.string(),
  nickname: v.string(),
  userid: v.string(),
  user: v.string(),
});

/** Team tunnel stats also list the devices they cover. */
export const TeamTunnelStats = v.object({ ...TunnelStats.entries, devices: v.array(StatsDevice) });
export type TeamTunnelStats = v.InferOutput<typeof TeamTunnelStats>;

export const NetStats = v.object({
  columns: v.array(StatsColumn),
  rows: v.array(v.tuple([v.string(), v.number(), v.number()])),
  /** The width of each row's bucket: 60, 300, 3600 or 86400 seconds, chosen from the range. */
  bucketSeconds: v.number(),
});
export type NetStats = v.InferOutput<typeof NetStats>;

const BatchTime = IsoTime(StatsMessage.timeInvalid, StatsMessage.timeInvalid);
const Bytes = v.pipe(
  v.number(StatsMessage.bytesInvalid),
  v.safeInteger(StatsMessage.bytesInvalid),
  v.minValue(0, StatsMessage.bytesInvalid),
);

/** POST /api/stats/ingest, signed (statsSignatureHeaders): one VPN server's batch, stored whole or not at all. */
export const StatsBatch = v.pipe(
  v.object({
    batchId: v.pipe(
      v.string(StatsMessage.batchIdInvalid),
      v.regex(/^[A-Za-z0-9._:-]{1,100}$/, StatsMessage.batchIdInvalid),
    ),
    serverId: v.pipe(v.string(StatsMessage.unknownServer), v.uuid(StatsMessage.unknownServer), v.toLowerCase()),
    tunnelEvents: v.pipe(
      v.optional(
        v.array(v.strictObject({ at: BatchTime, device: DeviceId, type: v.picklist(['connect', 'disconnect']) })),
        [],
      ),
      v.maxLength(maxBatchRows, StatsMessage.batchTooLarge),
    ),
    netSamples: v.pipe(
      v.optional(
        v.array(
          v.strictObject({
            at: BatchTime,
            device: DeviceId,
            intervalSeconds: v.pipe(
              v.number(StatsMessage.intervalInvalid),
              v.integer(StatsMessage.intervalInvalid),
              v.minValue(1, StatsMessage.intervalInvalid),
              v.maxValue(3600, StatsMessage.intervalInvalid),
            ),
            rxBytes: Bytes,
            txBytes: Bytes,
          }),
        ),
        [],
      ),
      v.maxLength(maxBatchRows, StatsMessage.batchTooLarge),
    ),
  }),
  v.check((batch) => batch.tunnelEvents.length + batch.netSamples.length > 0, StatsMessage.batchEmpty),
);
export type StatsBatch = v.InferOutput<typeof StatsBatch>;

export const StatsBatchReceipt = v.object({
  batchId: v.string(),
  /** False when this batch id was stored before: nothing was stored again. */
  stored: v.boolean(),
  tunnelEvents: v.number(),
  netSamples: v.number(),
});
export type StatsBatchReceipt = v.InferOutput<typeof StatsBatchReceipt>;

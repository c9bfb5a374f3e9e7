import type { TeamTunnelStats, TunnelStats } from '../../../contract/stats';
import { type Report, reportPageSize, type TableOrder } from '../../../machines/reports/reports.machine';

/** The rows of the Reports page's tables, as plain data: sorted, paged and totalled here, drawn by the view. */

/** One bucket of the Traffic table: its start (ISO) and the bytes received, sent and both. */
export type TrafficRow = { time: string; received: number; sent: number; total: number };

/** One event of the Connections table, with the row it came from (for the CSV). */
export type ConnectionRow = {
  time: string;
  event: 'connect' | 'disconnect';
  /** The device's nickname when known, else what the report says. */
  device: string;
  user: string;
  server: string | null;
  serverIsPrivate: boolean;
  raw: TunnelStats['rows'][number];
};

export const trafficColumns = ['time', 'received', 'sent', 'total'] as const;
export type TrafficColumn = (typeof trafficColumns)[number];
export const connectionColumns = ['time', 'event', 'device', 'user', 'server'] as const;
export type ConnectionColumn = (typeof connectionColumns)[number];

export function trafficRows(report: Report): TrafficRow[] {
  return report.net.rows.map(([time, received, sent]) => ({ time, received, sent, total: received + sent }));
}

/** The devices a team report lists, by id: their nicknames. */
export function reportDeviceNames(report: Report): Map<string, string> {
  const devices = 'devices' in report.tunnel ? (report.tunnel as TeamTunnelStats).devices : [];
  return new Map(devices.map((device) => [device.deviceUUID, device.nickname]));
}

export function connectionRows(
  report: Report,
  deviceNames: ReadonlyMap<string, string> = reportDeviceNames(report),
): ConnectionRow[] {
  return report.tunnel.rows.map((raw) => {
    const [time, event, device, user, , server, serverIsPrivate] = raw;
    return { time, event, device: deviceNames.get(device) ?? device, user, server, serverIsPrivate, raw };
  });
}

type SortValue = string | number | boolean | null | undefined | readonly unknown[];

/**
 * The rows in a table's order, stably: rows that tie keep the order they came in. Times compare as
 * ISO strings, numbers numerically, text with the reader's collation (an unknown column keeps the order).
 */
export function sortRows<Row extends { [key: string]: SortValue }>(
  rows: readonly Row[],
  order: Pick<TableOrder, 'column' | 'direction'>,
  locale?: string,
): Row[] {
  const column = order.column;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = order.direction === 'ascending' ? 1 : -1;
  const compare = (a: SortValue, b: SortValue): number => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    const left = a === null || a === undefined ? '' : String(a);
    const right = b === null || b === undefined ? '' : String(b);
    if (column === 'time') return left < right ? -1 : left > right ? 1 : 0;
    return collator.compare(left, right);
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row[column], b.row[column]) || a.index - b.index)
    .map(({ row }) => row);
}

/** How many pages a table of this many rows has: at least one. */
export const pageCount = (rowCount: number) => Math.max(1, Math.ceil(rowCount / reportPageSize));

/** The rows of one page (1-based), kept within the first and the last page. */
export function pageOf<Row>(rows: readonly Row[], page: number): Row[] {
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pageCount(rows.length));
  return rows.slice((shown - 1) * reportPageSize, shown * reportPageSize);
}

export type ReportTotals = { received: number; sent: number; total: number; connections: number; devices: number };

/** The bytes of the whole range, and the connections and distinct devices that connected. */
export function reportTotals(report: Report): ReportTotals {
  let received = 0;
  let sent = 0;
  for (const [, rx, tx] of report.net.rows) {
    received += rx;
    sent += tx;
  }
  const connects = report.tunnel.rows.filter(([, type]) => type === 'connect');
  return {
    received,
    sent,
    total: received + sent,
    connections: connects.length,
    devices: new Set(connects.map(([, , device]) => device)).size,
  };
}

/**
 * The connects in each traffic bucket, aligned to `report.net.rows`: a connect counts in the bucket
 * whose start is at or before it and which ends after it. Connects outside every bucket count nowhere.
 */
export function connectionsPerBucket(report: Report): number[] {
  const widthMs = report.net.bucketSeconds * 1000;
  const buckets = report.net.rows
    .map(([time], index) => ({ start: Date.parse(time), index }))
    .sort((a, b) => a.start - b.start);
  const counts = report.net.rows.map(() => 0);
  for (const [time, type] of report.tunnel.rows) {
    if (type !== 'connect') continue;
    const at = Date.parse(time);
    // The last bucket starting at or before the connect: a binary search over the sorted starts.
    let low = 0;
    let high = buckets.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((buckets[middle]?.start ?? 0) <= at) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    const bucket = buckets[found];
    if (bucket && at < bucket.start + widthMs) counts[bucket.index] = (counts[bucket.index] ?? 0) + 1;
  }
  return counts;
}

/** What the charts draw, oldest bucket first: bucket starts in Unix seconds and the figures of each. */
export type ChartData = { times: number[]; received: number[]; sent: number[]; connections: number[] };

export function chartData(report: Report): ChartData {
  const connections = connectionsPerBucket(report);
  const buckets = report.net.rows
    .map(([time, received, sent], index) => ({
      seconds: Date.parse(time) / 1000,
      received,
      sent,
      connections: connections[index] ?? 0,
    }))
    .sort((a, b) => a.seconds - b.seconds);
  return {
    times: buckets.map((bucket) => bucket.seconds),
    received: buckets.map((bucket) => bucket.received),
    sent: buckets.map((bucket) => bucket.sent),
    connections: buckets.map((bucket) => bucket.connections),
  };
}

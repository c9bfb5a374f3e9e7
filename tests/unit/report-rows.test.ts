import { describe, expect, it } from 'vitest';
import type { Report } from '../../machines/reports/reports.machine';
import {
  chartData,
  connectionRows,
  connectionsPerBucket,
  pageCount,
  pageOf,
  reportTotals,
  sortRows,
  trafficRows,
} from '../../src/features/reports/report-rows';

const report: Report = {
  from: '2026-11-20T00:00:00.000Z',
  to: '2026-11-20T03:00:00.000Z',
  net: {
    columns: [],
    rows: [
      ['2026-11-20T00:00:00.000Z', 100, 10],
      ['2026-11-20T01:00:00.000Z', 300, 0],
      ['2026-11-20T02:00:00.000Z', 0, 50],
    ],
    bucketSeconds: 3600,
  },
  tunnel: {
    columns: [],
    rows: [
      ['2026-11-19T23:59:59.000Z', 'connect', 'dev-a', 'ann@example.com', 'u1', 'Zürich', false],
      ['2026-11-20T00:00:00.000Z', 'connect', 'dev-a', 'ann@example.com', 'u1', 'Zürich', false],
      ['2026-11-20T00:59:59.000Z', 'disconnect', 'dev-a', 'ann@example.com', 'u1', 'Zürich', false],
      ['2026-11-20T01:00:00.000Z', 'connect', 'dev-b', 'bob@example.com', 'u2', null, false],
      ['2026-11-20T02:59:59.000Z', 'connect', 'dev-a', 'ann@example.com', 'u1', 'Ämsterdam', true],
      ['2026-11-20T03:00:00.000Z', 'connect', 'dev-c', 'cy@example.com', 'u3', 'Berlin', false],
    ],
    truncated: false,
    devices: [{ deviceUUID: 'dev-a', nickname: 'Studio laptop', userid: 'u1', user: 'ann@example.com' }],
  } as Report['tunnel'],
};

describe('table rows', () => {
  it('adds received and sent to a total per bucket', () => {
    expect(trafficRows(report)).toEqual([
      { time: '2026-11-20T00:00:00.000Z', received: 100, sent: 10, total: 110 },
      { time: '2026-11-20T01:00:00.000Z', received: 300, sent: 0, total: 300 },
      { time: '2026-11-20T02:00:00.000Z', received: 0, sent: 50, total: 50 },
    ]);
  });

  it('names devices by the team report’s list, or by the names given, else as the report says', () => {
    expect(connectionRows(report).map((row) => row.device)).toEqual([
      'Studio laptop',
      'Studio laptop',
      'Studio laptop',
      'dev-b',
      'Studio laptop',
      'dev-c',
    ]);
    const named = connectionRows(report, new Map([['dev-b', 'Field kit']]));
    expect(named.map((row) => row.device)).toEqual(['dev-a', 'dev-a', 'dev-a', 'Field kit', 'dev-a', 'dev-c']);
    expect(named[3]).toMatchObject({ event: 'connect', user: 'bob@example.com', server: null, serverIsPrivate: false });
    expect(named[3]?.raw).toBe(report.tunnel.rows[3]);
  });
});

describe('sortRows', () => {
  const rows = trafficRows(report);

  it('sorts numbers numerically, both ways', () => {
    expect(sortRows(rows, { column: 'received', direction: 'ascending' }).map((row) => row.received)).toEqual([
      0, 100, 300,
    ]);
    expect(sortRows(rows, { column: 'total', direction: 'descending' }).map((row) => row.total)).toEqual([
      300, 110, 50,
    ]);
  });

  it('sorts times as ISO strings', () => {
    expect(sortRows(rows, { column: 'time', direction: 'descending' }).map((row) => row.time)).toEqual([
      '2026-11-20T02:00:00.000Z',
      '2026-11-20T01:00:00.000Z',
      '2026-11-20T00:00:00.000Z',
    ]);
  });

  it('keeps ties in the order they came, in either direction', () => {
    const connections = connectionRows(report);
    const byUser = sortRows(connections, { column: 'user', direction: 'ascending' });
    expect(byUser.map((row) => row.time)).toEqual([
      '2026-11-19T23:59:59.000Z',
      '2026-11-20T00:00:00.000Z',
      '2026-11-20T00:59:59.000Z',
      '2026-11-20T02:59:59.000Z',
      '2026-11-20T01:00:00.000Z',
      '2026-11-20T03:00:00.000Z',
    ]);
    const byUserDown = sortRows(connections, { column: 'user', direction: 'descending' });
    expect(byUserDown.map((row) => row.user)).toEqual([
      'cy@example.com',
      'bob@example.com',
      'ann@example.com',
      'ann@example.com',
      'ann@example.com',
      'ann@example.com',
    ]);
    expect(byUserDown[2]?.time).toBe('2026-11-19T23:59:59.000Z');
  });

  it('compares text by the reader’s collation, and no server as empty', () => {
    const servers = sortRows(connectionRows(report), { column: 'server', direction: 'ascending' }, 'de');
    expect(servers.map((row) => row.server)).toEqual([null, 'Ämsterdam', 'Berlin', 'Zürich', 'Zürich', 'Zürich']);
  });

  it('leaves the order of an unknown column', () => {
    expect(sortRows(rows, { column: 'colour', direction: 'descending' })).toEqual(rows);
  });

  it('does not change the rows it is given', () => {
    const copy = [...rows];
    sortRows(rows, { column: 'received', direction: 'descending' });
    expect(rows).toEqual(copy);
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 51 }, (_, index) => index);

  it('counts pages of 25, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(51)).toBe(3);
  });

  it('gives the rows of a page, kept within the first and the last', () => {
    expect(pageOf(rows, 1)).toEqual(rows.slice(0, 25));
    expect(pageOf(rows, 2)).toEqual(rows.slice(25, 50));
    expect(pageOf(rows, 3)).toEqual([50]);
    expect(pageOf(rows, 4)).toEqual([50]);
    expect(pageOf(rows, 0)).toEqual(rows.slice(0, 25));
    expect(pageOf(rows, -2)).toEqual(rows.slice(0, 25));
    expect(pageOf([], 1)).toEqual([]);
  });
});

describe('totals and charts', () => {
  it('adds the bytes, counts the connects and the devices that connected', () => {
    expect(reportTotals(report)).toEqual({ received: 400, sent: 60, total: 460, connections: 5, devices: 3 });
  });

  it('counts nothing in an empty report', () => {
    const empty = { ...report, net: { ...report.net, rows: [] }, tunnel: { ...report.tunnel, rows: [] } };
    expect(reportTotals(empty)).toEqual({ received: 0, sent: 0, total: 0, connections: 0, devices: 0 });
    expect(connectionsPerBucket(empty)).toEqual([]);
  });

  it('counts the connects of each bucket, start included and end excluded', () => {
    // Before the first bucket and at the end of the last count nowhere; the disconnect never counts.
    expect(connectionsPerBucket(report)).toEqual([1, 1, 1]);
  });

  it('aligns the counts with buckets in any order, and draws them oldest first', () => {
    const shuffled = { ...report, net: { ...report.net, rows: [...report.net.rows].reverse() } };
    expect(
      connectionsPerBucket({ ...shuffled, tunnel: { ...report.tunnel, rows: report.tunnel.rows.slice(0, 4) } }),
    ).toEqual([0, 1, 1]);
    expect(chartData(shuffled)).toEqual({
      times: report.net.rows.map(([time]) => Date.parse(time) / 1000),
      received: [100, 300, 0],
      sent: [10, 0, 50],
      connections: [1, 1, 1],
    });
  });
});

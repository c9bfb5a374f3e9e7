import { describe, expect, it } from 'vitest';
import type { Report } from '../../machines/reports/reports.machine';
import { reportCsv, reportCsvFileName } from '../../src/features/reports/report-csv';

const report: Report = {
  from: '2026-11-01T12:00:00.000Z',
  to: '2026-11-08T12:00:00.000Z',
  net: {
    columns: [],
    rows: Array.from({ length: 30 }, (_, index) => [
      new Date(Date.parse('2026-11-01T12:00:00Z') + index * 3600_000).toISOString(),
      index * 1000,
      7,
    ]),
    bucketSeconds: 3600,
  },
  tunnel: {
    columns: [],
    rows: [
      ['2026-11-02T08:00:00.000Z', 'connect', 'Kit "A", left', 'ann@example.com', 'u1', 'Frankfurt\n1', false],
      ['2026-11-02T09:00:00.000Z', 'disconnect', '=HYPERLINK("x")', '+bob@example.com', 'u2', null, true],
      ['2026-11-02T10:00:00.000Z', 'connect', '@home', '-cy', 'u3', '\tTab', false],
    ],
    truncated: false,
  },
};

describe('reportCsv', () => {
  it('writes every row of the traffic table in the shown order, with stable keys and whole bytes', () => {
    const csv = reportCsv('traffic', report, { column: 'received', direction: 'descending', page: 2 });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('time,rxBytes,txBytes,totalBytes');
    expect(lines[1]).toBe('2026-11-02T17:00:00.000Z,29000,7,29007');
    expect(lines[30]).toBe('2026-11-01T12:00:00.000Z,0,7,7');
    // 30 rows and a header, each line ending in CRLF.
    expect(lines).toHaveLength(32);
    expect(lines[31]).toBe('');
  });

  it('quotes fields with commas, quotes and line breaks, and guards against formulas', () => {
    const csv = reportCsv('connections', report, { column: 'time', direction: 'ascending', page: 1 });
    expect(csv).toBe(
      [
        'time,type,device,user,userid,server,serverIsPrivate',
        '2026-11-02T08:00:00.000Z,connect,"Kit ""A"", left",ann@example.com,u1,"Frankfurt\n1",false',
        `2026-11-02T09:00:00.000Z,disconnect,"'=HYPERLINK(""x"")",'+bob@example.com,u2,,true`,
        `2026-11-02T10:00:00.000Z,connect,'@home,'-cy,u3,'\tTab,false`,
        '',
      ].join('\r\n'),
    );
  });

  it('sorts the connections as the table does', () => {
    const csv = reportCsv('connections', report, { column: 'time', direction: 'descending', page: 1 });
    expect(csv.split('\r\n')[1]).toMatch(/^2026-11-02T10:00:00.000Z,/);
  });
});

describe('reportCsvFileName', () => {
  it('names the table and the first and last day, in the browser’s time zone', () => {
    const from = new Date(2026, 10, 1, 12).toISOString();
    const to = new Date(2026, 10, 8, 12).toISOString();
    expect(reportCsvFileName('traffic', { ...report, from, to })).toBe('usage-traffic-2026-11-01-2026-11-08.csv');
    expect(reportCsvFileName('connections', { ...report, from, to })).toBe(
      'usage-connections-2026-11-01-2026-11-08.csv',
    );
  });

  it('names a range ending at midnight by its last day', () => {
    const from = new Date(2026, 10, 1).toISOString();
    const to = new Date(2026, 10, 8).toISOString();
    expect(reportCsvFileName('traffic', { ...report, from, to })).toBe('usage-traffic-2026-11-01-2026-11-07.csv');
  });
});
